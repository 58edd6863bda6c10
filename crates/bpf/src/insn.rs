//! eBPF instructions (the kernel's `Documentation/bpf/standardization/instruction-set.rst`):
//! an 8-byte word of opcode, destination and source registers, a signed 16-bit
//! offset and a signed 32-bit immediate; `lddw` takes two words.

use std::fmt;

/// A register: `r0` (return value), `r1`–`r5` (arguments, clobbered by calls),
/// `r6`–`r9` (kept across calls), `r10` (read-only frame pointer).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Reg(u8);

/// `r0`: helper return values and the program's return code.
pub const R0: Reg = Reg(0);
/// `r1`: first helper argument; the context on entry.
pub const R1: Reg = Reg(1);
/// `r2`: second helper argument.
pub const R2: Reg = Reg(2);
/// `r3`: third helper argument.
pub const R3: Reg = Reg(3);
/// `r4`: fourth helper argument.
pub const R4: Reg = Reg(4);
/// `r5`: fifth helper argument.
pub const R5: Reg = Reg(5);
/// `r6`: callee-saved.
pub const R6: Reg = Reg(6);
/// `r7`: callee-saved.
pub const R7: Reg = Reg(7);
/// `r8`: callee-saved.
pub const R8: Reg = Reg(8);
/// `r9`: callee-saved.
pub const R9: Reg = Reg(9);
/// `r10`: the frame pointer (512 bytes of stack below it).
pub const FP: Reg = Reg(10);

impl Reg {
    /// The register's number.
    pub fn number(self) -> u8 {
        self.0
    }
}

impl fmt::Display for Reg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}", self.0)
    }
}

/// Width of a memory access.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Size {
    /// 1 byte.
    B,
    /// 2 bytes.
    H,
    /// 4 bytes.
    W,
    /// 8 bytes.
    DW,
}

impl Size {
    fn code(self) -> u8 {
        match self {
            Size::W => 0x00,
            Size::H => 0x08,
            Size::B => 0x10,
            Size::DW => 0x18,
        }
    }

    /// Bytes accessed.
    pub fn bytes(self) -> usize {
        match self {
            Size::B => 1,
            Size::H => 2,
            Size::W => 4,
            Size::DW => 8,
        }
    }

    /// The access of `n` bytes (1, 2, 4 or 8).
    pub fn of(n: usize) -> Option<Size> {
        match n {
            1 => Some(Size::B),
            2 => Some(Size::H),
            4 => Some(Size::W),
            8 => Some(Size::DW),
            _ => None,
        }
    }
}

/// Arithmetic and logic operations.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Alu {
    /// `+`
    Add,
    /// `-`
    Sub,
    /// `*`
    Mul,
    /// `/` (unsigned; by zero gives 0)
    Div,
    /// `|`
    Or,
    /// `&`
    And,
    /// `<<`
    Lsh,
    /// `>>` (logical)
    Rsh,
    /// `%` (unsigned; by zero keeps the dividend)
    Mod,
    /// `^`
    Xor,
    /// `=`
    Mov,
    /// `>>` (arithmetic)
    Arsh,
}

impl Alu {
    fn code(self) -> u8 {
        match self {
            Alu::Add => 0x00,
            Alu::Sub => 0x10,
            Alu::Mul => 0x20,
            Alu::Div => 0x30,
            Alu::Or => 0x40,
            Alu::And => 0x50,
            Alu::Lsh => 0x60,
            Alu::Rsh => 0x70,
            Alu::Mod => 0x90,
            Alu::Xor => 0xa0,
            Alu::Mov => 0xb0,
            Alu::Arsh => 0xc0,
        }
    }
}

/// Conditional jumps (unsigned comparisons unless named signed).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Jmp {
    /// `==`
    Eq,
    /// `>`
    Gt,
    /// `>=`
    Ge,
    /// `&` is non-zero
    Set,
    /// `!=`
    Ne,
    /// `<`
    Lt,
    /// `<=`
    Le,
}

impl Jmp {
    fn code(self) -> u8 {
        match self {
            Jmp::Eq => 0x10,
            Jmp::Gt => 0x20,
            Jmp::Ge => 0x30,
            Jmp::Set => 0x40,
            Jmp::Ne => 0x50,
            Jmp::Lt => 0xa0,
            Jmp::Le => 0xb0,
        }
    }

    /// The jump taken exactly when this one is not.
    pub fn negate(self) -> Option<Jmp> {
        Some(match self {
            Jmp::Eq => Jmp::Ne,
            Jmp::Ne => Jmp::Eq,
            Jmp::Gt => Jmp::Le,
            Jmp::Le => Jmp::Gt,
            Jmp::Ge => Jmp::Lt,
            Jmp::Lt => Jmp::Ge,
            Jmp::Set => return None,
        })
    }
}

/// Atomic read-modify-write operations on memory.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Atomic {
    /// `*p += src` (with fetch: `src` gets the old value).
    Add,
    /// `*p |= src`.
    Or,
    /// `*p &= src`.
    And,
    /// `*p ^= src`.
    Xor,
    /// `src = xchg(*p, src)` (always fetches).
    Xchg,
    /// `r0 = cmpxchg(*p, r0, src)`: stores `src` if `*p == r0`; `r0` gets the old value.
    Cmpxchg,
}

impl Atomic {
    fn imm(self, fetch: bool) -> i32 {
        let f = i32::from(fetch);
        match self {
            Atomic::Add => f,
            Atomic::Or => 0x40 | f,
            Atomic::And => 0x50 | f,
            Atomic::Xor => 0xa0 | f,
            Atomic::Xchg => 0xe1,
            Atomic::Cmpxchg => 0xf1,
        }
    }
}

/// Kernel helper functions the programs call, by their stable numbers
/// (`include/uapi/linux/bpf.h`, `__BPF_FUNC_MAPPER`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Helper {
    /// `void *bpf_map_lookup_elem(map, key)`.
    MapLookupElem = 1,
    /// `long bpf_map_update_elem(map, key, value, flags)`.
    MapUpdateElem = 2,
    /// `long bpf_map_delete_elem(map, key)`.
    MapDeleteElem = 3,
    /// `u64 bpf_ktime_get_ns(void)`: CLOCK_MONOTONIC.
    KtimeGetNs = 5,
    /// `u32 bpf_get_smp_processor_id(void)`.
    GetSmpProcessorId = 8,
    /// `long bpf_xdp_adjust_head(ctx, delta)`.
    XdpAdjustHead = 44,
    /// `long bpf_redirect_map(map, key, flags)`.
    RedirectMap = 51,
    /// `long bpf_xdp_adjust_meta(ctx, delta)`.
    XdpAdjustMeta = 54,
    /// `long bpf_spin_lock(lock)`.
    SpinLock = 93,
    /// `long bpf_spin_unlock(lock)`.
    SpinUnlock = 94,
    /// `void *bpf_ringbuf_reserve(ringbuf, size, flags)`.
    RingbufReserve = 131,
    /// `void bpf_ringbuf_submit(data, flags)`.
    RingbufSubmit = 132,
    /// `long bpf_xdp_load_bytes(ctx, offset, buf, len)`.
    XdpLoadBytes = 189,
}

/// `ld_imm64` source-register values that make the loader (the kernel) turn the
/// immediate into a map reference.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Pseudo {
    /// The immediate is a map's file descriptor: the register gets the map.
    MapFd = 1,
    /// The immediate is an array map's descriptor and the second word's
    /// immediate an offset: the register gets a pointer into element 0.
    MapValue = 2,
}

/// One instruction word.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Insn {
    /// Opcode.
    pub code: u8,
    /// Destination register.
    pub dst: u8,
    /// Source register (or pseudo kind for `ld_imm64`).
    pub src: u8,
    /// Signed offset (memory offset or jump distance in words).
    pub off: i16,
    /// Signed immediate.
    pub imm: i32,
}

const LD: u8 = 0x00;
const LDX: u8 = 0x01;
const ST: u8 = 0x02;
const STX: u8 = 0x03;
const ALU32: u8 = 0x04;
const JMP: u8 = 0x05;
const ALU64: u8 = 0x07;
const MEM: u8 = 0x60;
const ATOMIC: u8 = 0xc0;
const IMM: u8 = 0x00;
const K: u8 = 0x00;
const X: u8 = 0x08;

impl Insn {
    /// The kernel's 8-byte encoding (little-endian machine).
    pub fn encode(&self) -> [u8; 8] {
        let mut b = [0u8; 8];
        b[0] = self.code;
        b[1] = (self.src << 4) | (self.dst & 0x0f);
        b[2..4].copy_from_slice(&self.off.to_ne_bytes());
        b[4..8].copy_from_slice(&self.imm.to_ne_bytes());
        b
    }

    fn new(code: u8, dst: Reg, src: Reg, off: i16, imm: i32) -> Insn {
        Insn {
            code,
            dst: dst.0,
            src: src.0,
            off,
            imm,
        }
    }

    /// `dst op= imm` on 64 bits.
    pub fn alu64_imm(op: Alu, dst: Reg, imm: i32) -> Insn {
        Insn::new(ALU64 | op.code() | K, dst, R0, 0, imm)
    }

    /// `dst op= src` on 64 bits.
    pub fn alu64_reg(op: Alu, dst: Reg, src: Reg) -> Insn {
        Insn::new(ALU64 | op.code() | X, dst, src, 0, 0)
    }

    /// `dst op= imm` on the low 32 bits (the upper half becomes zero).
    pub fn alu32_imm(op: Alu, dst: Reg, imm: i32) -> Insn {
        Insn::new(ALU32 | op.code() | K, dst, R0, 0, imm)
    }

    /// `dst op= src` on the low 32 bits (the upper half becomes zero).
    pub fn alu32_reg(op: Alu, dst: Reg, src: Reg) -> Insn {
        Insn::new(ALU32 | op.code() | X, dst, src, 0, 0)
    }

    /// `dst = -dst` on 64 bits.
    pub fn neg64(dst: Reg) -> Insn {
        Insn::new(ALU64 | 0x80, dst, R0, 0, 0)
    }

    /// `dst = htobe{bits}(dst)`: byte swap on this little-endian machine, the
    /// result zero-extended from `bits` (16, 32 or 64).
    pub fn to_be(dst: Reg, bits: i32) -> Insn {
        Insn::new(ALU32 | 0xd0 | X, dst, R0, 0, bits)
    }

    /// `dst = *(size *)(src + off)`.
    pub fn ldx(size: Size, dst: Reg, src: Reg, off: i16) -> Insn {
        Insn::new(LDX | MEM | size.code(), dst, src, off, 0)
    }

    /// `*(size *)(dst + off) = src`.
    pub fn stx(size: Size, dst: Reg, off: i16, src: Reg) -> Insn {
        Insn::new(STX | MEM | size.code(), dst, src, off, 0)
    }

    /// `*(size *)(dst + off) = imm`.
    pub fn st(size: Size, dst: Reg, off: i16, imm: i32) -> Insn {
        Insn::new(ST | MEM | size.code(), dst, R0, off, imm)
    }

    /// An atomic operation on `*(size *)(dst + off)` with `src` (W or DW only).
    pub fn atomic(size: Size, op: Atomic, dst: Reg, off: i16, src: Reg, fetch: bool) -> Insn {
        Insn::new(STX | ATOMIC | size.code(), dst, src, off, op.imm(fetch))
    }

    /// The two words of `dst = imm64`.
    pub fn ld_imm64(dst: Reg, imm: u64) -> [Insn; 2] {
        [
            Insn::new(LD | IMM | Size::DW.code(), dst, R0, 0, imm as u32 as i32),
            Insn::new(0, R0, R0, 0, (imm >> 32) as u32 as i32),
        ]
    }

    /// The two words of a map reference (`kind`, descriptor `fd`, offset
    /// `off` for [`Pseudo::MapValue`]).
    pub fn ld_map(dst: Reg, kind: Pseudo, fd: i32, off: i32) -> [Insn; 2] {
        [
            Insn {
                code: LD | IMM | Size::DW.code(),
                dst: dst.0,
                src: kind as u8,
                off: 0,
                imm: fd,
            },
            Insn::new(0, R0, R0, 0, off),
        ]
    }

    /// Unconditional jump by `off` words.
    pub fn ja(off: i16) -> Insn {
        Insn::new(JMP, R0, R0, off, 0)
    }

    /// `if dst op imm goto +off`.
    pub fn jmp_imm(op: Jmp, dst: Reg, imm: i32, off: i16) -> Insn {
        Insn::new(JMP | op.code() | K, dst, R0, off, imm)
    }

    /// `if dst op src goto +off`.
    pub fn jmp_reg(op: Jmp, dst: Reg, src: Reg, off: i16) -> Insn {
        Insn::new(JMP | op.code() | X, dst, src, off, 0)
    }

    /// Calls a helper.
    pub fn call(helper: Helper) -> Insn {
        Insn::new(JMP | 0x80, R0, R0, 0, helper as i32)
    }

    /// Returns `r0`.
    pub fn exit() -> Insn {
        Insn::new(JMP | 0x90, R0, R0, 0, 0)
    }

    /// Whether this is a jump with an offset to fix up (not a call or exit).
    pub fn is_jump(&self) -> bool {
        let class = self.code & 0x07;
        let op = self.code & 0xf0;
        class == JMP && op != 0x80 && op != 0x90
    }
}

/// Encodes a program for `BPF_PROG_LOAD`.
pub fn encode(insns: &[Insn]) -> Vec<u8> {
    insns.iter().flat_map(Insn::encode).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Encodings checked against the kernel's `BPF_*` macros (and llvm-objdump
    /// of clang's output for the same instructions).
    #[test]
    fn encodings_match_the_kernel_macros() {
        // BPF_MOV64_IMM(BPF_REG_0, 2): b7 00 00 00 02 00 00 00
        assert_eq!(
            Insn::alu64_imm(Alu::Mov, R0, 2).encode(),
            [0xb7, 0, 0, 0, 2, 0, 0, 0]
        );
        // BPF_LDX_MEM(BPF_W, BPF_REG_2, BPF_REG_1, 16): 61 12 10 00 00 00 00 00
        assert_eq!(
            Insn::ldx(Size::W, R2, R1, 16).encode(),
            [0x61, 0x12, 0x10, 0, 0, 0, 0, 0]
        );
        // BPF_STX_MEM(BPF_DW, BPF_REG_10, BPF_REG_1, -8): 7b 1a f8 ff 00 00 00 00
        assert_eq!(
            Insn::stx(Size::DW, FP, -8, R1).encode(),
            [0x7b, 0x1a, 0xf8, 0xff, 0, 0, 0, 0]
        );
        // BPF_EMIT_CALL(BPF_FUNC_redirect_map): 85 00 00 00 33 00 00 00
        assert_eq!(
            Insn::call(Helper::RedirectMap).encode(),
            [0x85, 0, 0, 0, 51, 0, 0, 0]
        );
        // BPF_ENDIAN(BPF_TO_BE, BPF_REG_3, 16): dc 03 00 00 10 00 00 00
        assert_eq!(Insn::to_be(R3, 16).encode(), [0xdc, 3, 0, 0, 16, 0, 0, 0]);
        // BPF_ATOMIC_OP(BPF_DW, BPF_ADD | BPF_FETCH, BPF_REG_1, BPF_REG_2, 0)
        assert_eq!(
            Insn::atomic(Size::DW, Atomic::Add, R1, 0, R2, true).encode(),
            [0xdb, 0x21, 0, 0, 1, 0, 0, 0]
        );
        // BPF_LD_MAP_VALUE(BPF_REG_1, fd 5, offset 8)
        let [a, b] = Insn::ld_map(R1, Pseudo::MapValue, 5, 8);
        assert_eq!(a.encode(), [0x18, 0x21, 0, 0, 5, 0, 0, 0]);
        assert_eq!(b.encode(), [0, 0, 0, 0, 8, 0, 0, 0]);
        // BPF_JMP_IMM(BPF_JNE, BPF_REG_0, 0, 3)
        assert_eq!(
            Insn::jmp_imm(Jmp::Ne, R0, 0, 3).encode(),
            [0x55, 0, 3, 0, 0, 0, 0, 0]
        );
        assert!(Insn::ja(1).is_jump());
        assert!(!Insn::exit().is_jump());
        assert!(!Insn::call(Helper::KtimeGetNs).is_jump());
    }

    #[test]
    fn negated_jumps_are_their_complements() {
        for op in [Jmp::Eq, Jmp::Ne, Jmp::Gt, Jmp::Ge, Jmp::Lt, Jmp::Le] {
            let n = op.negate().and_then(Jmp::negate);
            assert_eq!(n, Some(op));
        }
        assert_eq!(Jmp::Set.negate(), None);
    }
}
