//! The PayloadPark header (Goswami et al., CoNEXT'20, §3.2 Fig. 2), Tandem's layout.
//!
//! The switch inserts it right after the TCP/UDP header of a packet bound for an NF
//! server and removes it when the packet comes back. It is 10 bytes, an even
//! number, so the unparsed rest of the payload keeps its 16-bit alignment and the
//! TCP/UDP checksum can be updated incrementally.
//!
//! ```text
//!  0        1        2        3        4        5        6 .. 9
//! +--------+--------+--------+--------+--------+--------+-----------------+
//! |E|O|rsv | magic  |  check (CRC-16) |      slot       |   generation    |
//! +--------+--------+--------+--------+--------+--------+-----------------+
//! ```
//!
//! * `E` (enable): the payload prefix is parked in slot `slot`;
//! * `O` (opcode): 0 = merge, 1 = explicit drop (the NF dropped the packet; the
//!   server runtime returns only the headers up to this one);
//! * `magic` = [`MAGIC`] marks the header (an NF may emit packets of its own);
//! * `check` = [`check_value`]`(slot, generation)` guards against a header the NF
//!   damaged;
//! * `generation`: the ring lap in which the slot was allocated; it never repeats
//!   for a slot (see `docs/PAYLOADPARK.md`, "alias-free generations").

use crate::{Error, Result, get_u16, get_u32, put_u16, put_u32};

mod field {
    pub const FLAGS: usize = 0;
    pub const MAGIC: usize = 1;
    pub const CHECK: usize = 2;
    pub const SLOT: usize = 4;
    pub const GENERATION: usize = 6;
}

/// Length of the PayloadPark header.
pub const HEADER_LEN: usize = 10;
/// Value of the magic byte.
pub const MAGIC: u8 = 0xB7;
const ENABLE: u8 = 0x80;
const DROP: u8 = 0x40;

/// The check value of a tag: CRC-16/ARC over the big-endian slot and generation
/// (the switch's CRC-16 hash unit computes the same).
pub fn check_value(slot: u16, generation: u32) -> u16 {
    let mut b = [0u8; 6];
    b[..2].copy_from_slice(&slot.to_be_bytes());
    b[2..].copy_from_slice(&generation.to_be_bytes());
    crate::crc::crc16(&b)
}

/// What the NF server asks of the switch.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Opcode {
    /// Re-attach the parked payload.
    Merge,
    /// The NF dropped the packet: free the slot.
    Drop,
}

/// A view of a PayloadPark header.
#[derive(Debug, Clone)]
pub struct Packet<T: AsRef<[u8]>> {
    buffer: T,
}

impl<T: AsRef<[u8]>> Packet<T> {
    /// Wraps a buffer without checks.
    pub const fn new_unchecked(buffer: T) -> Packet<T> {
        Packet { buffer }
    }
    /// Wraps a buffer after [`Packet::check_len`].
    pub fn new_checked(buffer: T) -> Result<Packet<T>> {
        let p = Self::new_unchecked(buffer);
        p.check_len()?;
        Ok(p)
    }
    /// Checks that the buffer holds the 10-byte header.
    pub fn check_len(&self) -> Result<()> {
        if self.buffer.as_ref().len() < HEADER_LEN {
            Err(Error::Truncated)
        } else {
            Ok(())
        }
    }
    /// Returns the underlying buffer.
    pub fn into_inner(self) -> T {
        self.buffer
    }
    /// Enable bit: the payload prefix is parked.
    pub fn enabled(&self) -> bool {
        self.buffer.as_ref()[field::FLAGS] & ENABLE != 0
    }
    /// Opcode bit.
    pub fn opcode(&self) -> Opcode {
        if self.buffer.as_ref()[field::FLAGS] & DROP != 0 {
            Opcode::Drop
        } else {
            Opcode::Merge
        }
    }
    /// The magic byte.
    pub fn magic(&self) -> u8 {
        self.buffer.as_ref()[field::MAGIC]
    }
    /// Check value.
    pub fn check(&self) -> u16 {
        get_u16(self.buffer.as_ref(), field::CHECK)
    }
    /// Slot index.
    pub fn slot(&self) -> u16 {
        get_u16(self.buffer.as_ref(), field::SLOT)
    }
    /// Generation.
    pub fn generation(&self) -> u32 {
        get_u32(self.buffer.as_ref(), field::GENERATION)
    }
    /// True when the magic is right and, for an enabled header, the check value
    /// matches the tag.
    pub fn is_valid(&self) -> bool {
        self.magic() == MAGIC
            && (!self.enabled() || self.check() == check_value(self.slot(), self.generation()))
    }
}

impl<T: AsRef<[u8]> + AsMut<[u8]>> Packet<T> {
    /// Sets the enable bit.
    pub fn set_enabled(&mut self, on: bool) {
        let b = &mut self.buffer.as_mut()[field::FLAGS];
        *b = if on { *b | ENABLE } else { *b & !ENABLE };
    }
    /// Sets the opcode bit.
    pub fn set_opcode(&mut self, op: Opcode) {
        let b = &mut self.buffer.as_mut()[field::FLAGS];
        *b = match op {
            Opcode::Drop => *b | DROP,
            Opcode::Merge => *b & !DROP,
        };
    }
    /// Sets the magic byte.
    pub fn set_magic(&mut self, v: u8) {
        self.buffer.as_mut()[field::MAGIC] = v;
    }
    /// Sets the check value.
    pub fn set_check(&mut self, v: u16) {
        put_u16(self.buffer.as_mut(), field::CHECK, v);
    }
    /// Sets the slot index.
    pub fn set_slot(&mut self, v: u16) {
        put_u16(self.buffer.as_mut(), field::SLOT, v);
    }
    /// Sets the generation.
    pub fn set_generation(&mut self, v: u32) {
        put_u32(self.buffer.as_mut(), field::GENERATION, v);
    }
}

/// A parsed PayloadPark header.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Repr {
    /// Payload parked.
    pub enabled: bool,
    /// Merge or explicit drop.
    pub opcode: Opcode,
    /// Slot index.
    pub slot: u16,
    /// Generation of the slot's allocation.
    pub generation: u32,
}

impl Repr {
    /// Parses a header; a wrong magic or (when enabled) a wrong check value is
    /// `Malformed`.
    pub fn parse<T: AsRef<[u8]>>(p: &Packet<T>) -> Result<Repr> {
        p.check_len()?;
        if !p.is_valid() {
            return Err(Error::Malformed);
        }
        Ok(Repr {
            enabled: p.enabled(),
            opcode: p.opcode(),
            slot: p.slot(),
            generation: p.generation(),
        })
    }
    /// Always [`HEADER_LEN`].
    pub const fn buffer_len(&self) -> usize {
        HEADER_LEN
    }
    /// Writes the header; a disabled header carries zero tag fields, as the switch
    /// writes it. Reserved bits are cleared.
    pub fn emit<T: AsRef<[u8]> + AsMut<[u8]>>(&self, p: &mut Packet<T>) {
        p.buffer.as_mut()[field::FLAGS] = 0;
        p.set_enabled(self.enabled);
        p.set_opcode(self.opcode);
        p.set_magic(MAGIC);
        if self.enabled {
            p.set_slot(self.slot);
            p.set_generation(self.generation);
            p.set_check(check_value(self.slot, self.generation));
        } else {
            p.set_slot(0);
            p.set_generation(0);
            p.set_check(0);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // Enabled, merge, slot 0x0102, generation 7; CRC-16/ARC of 01 02 00 00 00 07.
    fn bytes() -> [u8; 10] {
        let c = check_value(0x0102, 7).to_be_bytes();
        [0x80, 0xB7, c[0], c[1], 0x01, 0x02, 0, 0, 0, 7]
    }

    #[test]
    fn check_value_is_crc16_arc() {
        // CRC-16/ARC catalogue check: "123456789" -> 0xBB3D; our input is 6 bytes,
        // so compare with the generic routine over the same bytes.
        assert_eq!(crate::crc::crc16(b"123456789"), 0xBB3D);
        assert_eq!(
            check_value(0x0102, 7),
            crate::crc::crc16(&[1, 2, 0, 0, 0, 7])
        );
        assert_ne!(check_value(0x0102, 7), check_value(0x0102, 8));
    }

    #[test]
    fn deconstruct() {
        let b = bytes();
        let p = Packet::new_checked(&b[..]).expect("10 bytes");
        assert!(p.enabled());
        assert_eq!(p.opcode(), Opcode::Merge);
        assert_eq!(p.magic(), MAGIC);
        assert_eq!(p.slot(), 0x0102);
        assert_eq!(p.generation(), 7);
        assert!(p.is_valid());
    }

    #[test]
    fn construct() {
        let mut b = [0u8; 10];
        let mut p = Packet::new_unchecked(&mut b[..]);
        p.set_enabled(true);
        p.set_opcode(Opcode::Merge);
        p.set_magic(MAGIC);
        p.set_check(check_value(0x0102, 7));
        p.set_slot(0x0102);
        p.set_generation(7);
        assert_eq!(b, bytes());
    }

    #[test]
    fn parse_and_emit() {
        let b = bytes();
        let r = Repr::parse(&Packet::new_unchecked(&b[..])).expect("valid");
        assert_eq!(
            r,
            Repr {
                enabled: true,
                opcode: Opcode::Merge,
                slot: 0x0102,
                generation: 7
            }
        );
        let mut out = [0xffu8; 10];
        r.emit(&mut Packet::new_unchecked(&mut out[..]));
        assert_eq!(out, b);
        let mut drop = r;
        drop.opcode = Opcode::Drop;
        drop.emit(&mut Packet::new_unchecked(&mut out[..]));
        assert_eq!(out[0], 0xC0);
    }

    #[test]
    fn damaged_headers_are_refused() {
        assert_eq!(
            Packet::new_checked(&[0u8; 9][..]).err(),
            Some(Error::Truncated)
        );
        let mut b = bytes();
        b[9] ^= 1; // generation changed, check no longer matches
        assert_eq!(
            Repr::parse(&Packet::new_unchecked(&b[..])),
            Err(Error::Malformed)
        );
        let mut b = bytes();
        b[1] = 0;
        assert_eq!(
            Repr::parse(&Packet::new_unchecked(&b[..])),
            Err(Error::Malformed)
        );
    }

    proptest::proptest! {
        #[test]
        fn emit_then_parse_round_trips(
            enabled in proptest::bool::ANY,
            drop in proptest::bool::ANY,
            slot in proptest::num::u16::ANY,
            generation in proptest::num::u32::ANY,
        ) {
            let r = Repr {
                enabled,
                opcode: if drop { Opcode::Drop } else { Opcode::Merge },
                slot: if enabled { slot } else { 0 },
                generation: if enabled { generation } else { 0 },
            };
            let mut b = [0u8; HEADER_LEN];
            r.emit(&mut Packet::new_unchecked(&mut b[..]));
            proptest::prop_assert_eq!(Repr::parse(&Packet::new_unchecked(&b[..])), Ok(r));
        }

        #[test]
        fn parsing_random_bytes_never_panics(bytes in proptest::collection::vec(proptest::num::u8::ANY, 0..16)) {
            if let Ok(p) = Packet::new_checked(&bytes[..]) {
                let _ = Repr::parse(&p);
                let _ = (p.enabled(), p.opcode(), p.slot(), p.generation(), p.check());
            } else {
                proptest::prop_assert!(bytes.len() < HEADER_LEN);
            }
        }
    }
}
