//! Where things live: the per-CPU scratch value a packet is processed in, and
//! the layouts of table entries, register cells and meter cells as the
//! program and the control plane share them.
//!
//! ```text
//! scratch (one per CPU, one packet at a time):
//!   vals[slot]      u64 per PHV slot (intrinsic fields, metadata, header fields)
//!   valid[h]        u8 per header: deparsed if 1
//!   extracted[h]    u8 per header: the parser took it from this pass's packet
//!   origin[h]       u16 per header: its byte offset in the packet
//!   hdr[h]          the header's original bytes, copied by the parser
//!   hashbuf         the concatenated inputs of a hash unit (64 bytes)
//!   key_tag         the number of the table being looked up, its key's prefix
//!                   in the shared write-back map (u64)
//!   key             the key of the table being looked up (u64 per key field)
//!   misc            payload offset, packet length, forwarding decision, time,
//!                   the visibility word this packet runs with
//! ```
//!
//! Everything the program addresses in scratch is at an offset fixed when it
//! is compiled, so the verifier checks each access once.

use pipe::resolved::Resolved;

/// Bytes of the hash-input buffer (a hash unit takes at most 512 bits).
pub const HASHBUF: usize = 64;

/// The scratch value's layout for one program.
#[derive(Debug, Clone)]
pub struct Scratch {
    /// Offset of `vals`.
    pub vals: usize,
    /// Offset of `valid`.
    pub valid: usize,
    /// Offset of `extracted`.
    pub extracted: usize,
    /// Offset of `origin`.
    pub origin: usize,
    /// Offset of each header's copy.
    pub hdr: Vec<usize>,
    /// Offset of the hash buffer.
    pub hashbuf: usize,
    /// Offset of the table number before the key buffer (`key - 8`).
    pub key_tag: usize,
    /// Offset of the key buffer.
    pub key: usize,
    /// Payload offset (u32): where the parser stopped.
    pub payload: usize,
    /// Packet length as received (u32).
    pub pkt_len: usize,
    /// Port chosen by ingress (u16; [`NO_PORT`] for none).
    pub port: usize,
    /// Dropped by ingress (u8).
    pub drop: usize,
    /// Dropped by egress (u8).
    pub edrop: usize,
    /// The packet's arrival time in nanoseconds (u64).
    pub now: usize,
    /// The visibility word the packet runs with (u64; bit 0: write-back visible).
    pub vis: usize,
    /// The port this pass came in on (u64): the packet's, then the
    /// recirculation port.
    pub in_port: usize,
    /// Total bytes.
    pub size: usize,
}

/// The "no port chosen" value of [`Scratch::port`].
pub const NO_PORT: i32 = 0xffff;

impl Scratch {
    /// Lays out scratch for `r`.
    pub fn new(r: &Resolved) -> Scratch {
        let mut at = 0usize;
        let mut take = |n: usize, align: usize| {
            at = at.div_ceil(align) * align;
            let o = at;
            at += n;
            o
        };
        let vals = take(8 * r.slot_widths.len(), 8);
        let nh = r.headers.len();
        let valid = take(nh, 1);
        let extracted = take(nh, 1);
        let origin = take(2 * nh, 2);
        let hdr = r.headers.iter().map(|h| take(h.bytes, 8)).collect();
        let hashbuf = take(HASHBUF, 8);
        let key_parts = r.tables.iter().map(|t| t.key.len()).max().unwrap_or(0);
        let key_tag = take(8, 8);
        let key = take(8 * key_parts.max(1), 8);
        let payload = take(4, 4);
        let pkt_len = take(4, 4);
        let port = take(2, 2);
        let drop = take(1, 1);
        let edrop = take(1, 1);
        let now = take(8, 8);
        let vis = take(8, 8);
        let in_port = take(8, 8);
        let size = at.div_ceil(8) * 8;
        Scratch {
            vals,
            valid,
            extracted,
            origin,
            hdr,
            hashbuf,
            key_tag,
            key,
            payload,
            pkt_len,
            port,
            drop,
            edrop,
            now,
            vis,
            in_port,
            size,
        }
    }

    /// Offset of slot `s`'s value.
    pub fn val(&self, s: u16) -> usize {
        self.vals + 8 * usize::from(s)
    }
}

/// A table entry's value in an exact-match table's hash map (and in the
/// write-back map all tables share, zero-padded to the largest table's):
///
/// ```text
/// action u32 | flags u32 | last_hit u64 (ns, the program's clock) | args u64 × n
/// ```
///
/// `action` is the program's action index, or [`WB_DELETE`] in a write-back
/// entry that deletes its key.
pub mod entry {
    /// Offset of the action index.
    pub const ACTION: usize = 0;
    /// Offset of the last hit.
    pub const LAST_HIT: usize = 8;
    /// Offset of the first argument.
    pub const ARGS: usize = 16;

    /// Bytes of a value with `args` arguments.
    pub fn size(args: usize) -> usize {
        ARGS + 8 * args
    }
}

/// A slot of an exact table kept as an array indexed by its key
/// (`TableMaps::Direct`):
///
/// ```text
/// current u32 | pad u32 | copy 0: entry | copy 1: entry
/// ```
///
/// each copy laid out as [`entry`], its flags word 1 when the slot holds an
/// entry. A packet reads `current` and then that copy (the copy's address
/// depends on the word it read, so even a weakly ordered CPU reads the copy
/// after the word). The control plane writes the other copy, stores
/// `current`, and waits until no packet of the word before the store runs,
/// so a copy is never written while a packet may still read it.
pub mod direct {
    use super::entry;

    /// Offset of the current copy's number (0 or 1).
    pub const CURRENT: usize = 0;
    /// Offset of the flags word in a copy (1: the slot holds an entry).
    pub const USED: usize = 4;

    /// Offset of copy `i`.
    pub fn copy(args: usize, i: usize) -> usize {
        8 + i * entry::size(args)
    }

    /// Bytes of a slot.
    pub fn size(args: usize) -> usize {
        copy(args, 2)
    }
}

/// The action index of a write-back entry that deletes its key (Gallium §4:
/// "a special value indicates table entry deletion").
pub const WB_DELETE: u32 = 0xffff;

/// One slot of a scanned (ternary or LPM) table's array, in rank order:
///
/// ```text
/// used u32 | action u32 | args u64 × n | (value u64, mask u64) × key fields
/// ```
///
/// The array holds two elements, the banks, each `size` slots back to back;
/// the program looks its bank up once and scans it, the control plane
/// rewrites the other bank in one write and flips. A key whose fields add up
/// to 64 bits or fewer is packed into one (value, mask) pair
/// (`entries::packing`), so a slot's test is one mask and one compare.
pub mod scan {
    /// Offset of the used flag.
    pub const USED: usize = 0;
    /// Offset of the action index.
    pub const ACTION: usize = 4;
    /// Offset of the first argument.
    pub const ARGS: usize = 8;

    /// Offset of key field `i`'s value (its mask follows).
    pub fn key(args: usize, i: usize) -> usize {
        ARGS + 8 * args + 16 * i
    }

    /// Bytes of a slot.
    pub fn size(args: usize, fields: usize) -> usize {
        key(args, fields)
    }
}

/// A register cell whose register actions read and write it in one step,
/// under a spin lock (16 bytes): `lock u32 | pad u32 | value u64`. Registers
/// that are only read, only written, or exchanged have plain `u64` cells.
pub mod locked {
    /// Offset of the value.
    pub const VALUE: usize = 8;
    /// Bytes of a cell.
    pub const SIZE: usize = 16;
}

/// A meter cell (RFC 2698 two-rate three-color, as `pipe::meter` runs it),
/// under a spin lock; tokens in units of 10⁻⁹:
///
/// ```text
/// lock u32 | configured u32 | cir | cbs×10⁹ | pir | pbs×10⁹ | p | c | last_ns | have_last
/// ```
pub mod meter {
    /// Offset of the configured flag.
    pub const CONFIGURED: usize = 4;
    /// Offset of the committed rate (units per second).
    pub const CIR: usize = 8;
    /// Offset of the committed bucket's depth, in 10⁻⁹ units.
    pub const CCAP: usize = 16;
    /// Offset of the peak rate.
    pub const PIR: usize = 24;
    /// Offset of the peak bucket's depth, in 10⁻⁹ units.
    pub const PCAP: usize = 32;
    /// Offset of the peak bucket's tokens.
    pub const P: usize = 40;
    /// Offset of the committed bucket's tokens.
    pub const C: usize = 48;
    /// Offset of the last packet's time.
    pub const LAST: usize = 56;
    /// Offset of the "a packet was metered" flag.
    pub const HAVE_LAST: usize = 64;
    /// Bytes of a cell.
    pub const SIZE: usize = 72;
}

/// Bytes of one CPU's in-flight marker (a u64 on a cache line of its own).
pub const MARKER_STRIDE: usize = 64;

/// The shared configuration value (an array map of one element the program
/// reads directly): the visibility word and each scanned table's bank. The
/// control plane maps it and writes it with atomic stores.
pub mod config {
    /// Offset of the visibility word: bit 0 makes write-back tables visible,
    /// the rest counts flips (an epoch: see `crate::control`).
    pub const VIS: usize = 0;
    /// Offset of scanned table `i`'s bank (u32: 0 or 1).
    pub fn bank(i: usize) -> usize {
        8 + 4 * i
    }
    /// Bytes for `scanned` scanned tables.
    pub fn size(scanned: usize) -> usize {
        (8 + 4 * scanned).div_ceil(8) * 8
    }
}

/// Global counters (a per-CPU array of one element of `u64`s).
pub mod stats {
    /// Packets the program ran on.
    pub const PACKETS: usize = 0;
    /// Register, counter or meter indexes outside their arrays.
    pub const INDEX_ERRORS: usize = 1;
    /// Output layouts the packet buffer could not take (`bpf_xdp_adjust_head` refused).
    pub const DEPARSE_ERRORS: usize = 2;
    /// Packets dropped because the visibility word kept changing under them.
    pub const EPOCH_RETRIES: usize = 3;
    /// Extra passes through the program (recirculations).
    pub const RECIRCULATIONS: usize = 4;
    /// Packets whose output port has no interface (dropped by the redirect).
    pub const UNBOUND_PORT: usize = 5;
    /// Records the ring buffer had no room for (`--record`).
    pub const RECORD_LOST: usize = 6;
    /// Number of counters.
    pub const COUNT: usize = 8;
}

/// Per-port counters (a per-CPU array indexed by port): frames in, frames
/// out, frames dropped after arriving on the port.
pub mod ports {
    /// Offset of frames received.
    pub const RX: usize = 0;
    /// Offset of frames sent.
    pub const TX: usize = 8;
    /// Offset of frames dropped.
    pub const DROP: usize = 16;
    /// Bytes per port.
    pub const SIZE: usize = 24;
    /// Ports (9-bit numbers).
    pub const COUNT: u32 = 512;
}

/// The metadata a test run passes in front of the packet and gets back.
///
/// In: `in_port u32 | pad u32 | now_ns u64`. Out: `kind u32 | value u32 | 0`
/// where kind 0 is "emitted on port `value`" and kind 1 "dropped for reason
/// `value`" ([`drop_reason`]).
pub mod meta {
    /// Bytes of metadata.
    pub const SIZE: usize = 16;
    /// Out: emitted.
    pub const EMIT: u32 = 0;
    /// Out: dropped.
    pub const DROP: u32 = 1;
}

/// Drop reasons as the program reports them, in `pipe::DropReason` order.
pub mod drop_reason {
    /// The parser rejected it.
    pub const PARSER_REJECT: i32 = 0;
    /// It ended inside a header the parser extracts.
    pub const TRUNCATED: i32 = 1;
    /// Ingress dropped it.
    pub const INGRESS: i32 = 2;
    /// Egress dropped it.
    pub const EGRESS: i32 = 3;
    /// Ingress chose no port.
    pub const NO_EGRESS_PORT: i32 = 4;
    /// Recirculated more often than the program allows.
    pub const RECIRCULATION: i32 = 5;
    /// The output layout did not fit the packet buffer.
    pub const DEPARSE: i32 = 6;
    /// The visibility word kept changing.
    pub const EPOCH: i32 = 7;
}
