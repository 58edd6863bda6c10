//! The flat instruction set the loader produces and `exec` runs.

use super::Copies;
use ir::{BinOp, Field, HashAlg, Header};

/// Flat instructions; operands are slot indices.
#[derive(Clone, Debug)]
pub(crate) enum Inst {
    Copy {
        dst: u32,
        src: u32,
        n: u32,
    },
    Not {
        dst: u32,
        a: u32,
        width: u32,
    },
    Neg {
        dst: u32,
        a: u32,
        width: u32,
    },
    Bin {
        op: BinOp,
        dst: u32,
        a: u32,
        b: u32,
        width: u32,
    },
    EqN {
        dst: u32,
        a: u32,
        b: u32,
        n: u32,
        ne: bool,
    },
    Mask {
        dst: u32,
        a: u32,
        mask: u64,
    },
    Select {
        dst: u32,
        c: u32,
        a: u32,
        b: u32,
        n: u32,
    },
    InPort {
        dst: u32,
    },
    Now {
        dst: u32,
    },
    Session {
        dst: u32,
        f: ir::SessionField,
    },
    Valid {
        dst: u32,
        h: Header,
    },
    Get {
        dst: u32,
        f: Field,
    },
    Set {
        f: Field,
        src: u32,
    },
    PayloadLen {
        dst: u32,
    },
    PayloadByte {
        dst: u32,
        idx: u32,
    },
    PayloadContains {
        dst: u32,
        pat: u32,
    },
    PayloadStarts {
        dst: u32,
        pat: u32,
    },
    Hash {
        dst: u32,
        alg: HashAlg,
        args: u32,
    },
    MapGet {
        map: u32,
        key: u32,
        found: u32,
        dst: u32,
    },
    MapInsert {
        map: u32,
        key: u32,
        val: u32,
        ok: u32,
    },
    MapRemove {
        map: u32,
        key: u32,
    },
    ArrayGet {
        obj: u32,
        idx: u32,
        dst: u32,
    },
    ArraySet {
        obj: u32,
        idx: u32,
        src: u32,
    },
    RegGet {
        obj: u32,
        dst: u32,
        n: u32,
    },
    RegSet {
        obj: u32,
        src: u32,
        n: u32,
    },
    Emit {
        ev: u32,
        args: u32,
    },
    Jump {
        to: u32,
        copies: Copies,
    },
    Branch {
        c: u32,
        t: u32,
        tc: Copies,
        e: u32,
        ec: Copies,
    },
    /// `valid h` fused with the branch on it.
    BranchValid {
        h: Header,
        t: u32,
        tc: Copies,
        e: u32,
        ec: Copies,
    },
    /// A scalar comparison fused with the branch on it.
    BranchCmp {
        op: BinOp,
        a: u32,
        b: u32,
        t: u32,
        tc: Copies,
        e: u32,
        ec: Copies,
    },
    /// Tuple construction: plain slot copies listed in `Code::copies`.
    Gather {
        copies: Copies,
    },
    Forward {
        port: u32,
    },
    Drop,
    /// Start of a block the code was loaded to stop at (a Gallium resume point):
    /// execution ends there and the caller reads the live values.
    Exit {
        block: u32,
    },
}
