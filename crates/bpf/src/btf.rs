//! The few BPF Type Format records a map needs when its value holds a
//! `struct bpf_spin_lock` (the kernel finds the lock through the value's BTF):
//! integers and structs, serialised as `include/uapi/linux/btf.h` lays them out.
//!
//! ```
//! let mut b = bpf::btf::Btf::new();
//! let u32_t = b.int("u32", 4);
//! let u64_t = b.int("u64", 8);
//! let lock = b.spin_lock(u32_t);
//! let cell = b.structure("cell", 16, &[("lock", lock, 0), ("value", u64_t, 8)]);
//! assert_eq!((u32_t, cell), (1, 4));
//! assert_eq!(&b.encode()[..2], &0xeb9fu16.to_le_bytes());
//! ```

use std::os::fd::OwnedFd;

use crate::sys::{Attr, Error, bpf_fd, cmd};

const MAGIC: u16 = 0xeb9f;
const KIND_INT: u32 = 1;
const KIND_STRUCT: u32 = 4;

/// A BTF object being written. Type ids count from 1 in the order added.
#[derive(Debug, Clone)]
pub struct Btf {
    types: Vec<u8>,
    strings: Vec<u8>,
    next_id: u32,
}

impl Default for Btf {
    fn default() -> Btf {
        Btf::new()
    }
}

impl Btf {
    /// No types yet.
    pub fn new() -> Btf {
        Btf {
            types: Vec::new(),
            strings: vec![0],
            next_id: 1,
        }
    }

    fn string(&mut self, s: &str) -> u32 {
        let off = self.strings.len() as u32;
        self.strings.extend_from_slice(s.as_bytes());
        self.strings.push(0);
        off
    }

    fn word(&mut self, v: u32) {
        self.types.extend_from_slice(&v.to_le_bytes());
    }

    /// An unsigned integer of `bytes` bytes; returns its type id.
    pub fn int(&mut self, name: &str, bytes: u32) -> u32 {
        let name = self.string(name);
        self.word(name);
        self.word(KIND_INT << 24);
        self.word(bytes);
        // encoding 0 (unsigned), bit offset 0, bits
        self.word(bytes * 8);
        self.next()
    }

    /// A struct of `size` bytes with `members` (name, type id, byte offset).
    pub fn structure(&mut self, name: &str, size: u32, members: &[(&str, u32, u32)]) -> u32 {
        let name = self.string(name);
        self.word(name);
        self.word((KIND_STRUCT << 24) | members.len() as u32);
        self.word(size);
        for &(m, ty, off) in members {
            let m = self.string(m);
            self.word(m);
            self.word(ty);
            self.word(off * 8);
        }
        self.next()
    }

    /// `struct bpf_spin_lock { u32 val; }` (the name is what the kernel looks for).
    pub fn spin_lock(&mut self, u32_type: u32) -> u32 {
        self.structure("bpf_spin_lock", 4, &[("val", u32_type, 0)])
    }

    fn next(&mut self) -> u32 {
        self.next_id += 1;
        self.next_id - 1
    }

    /// The serialised object: header, types, strings.
    pub fn encode(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(24 + self.types.len() + self.strings.len());
        out.extend_from_slice(&MAGIC.to_le_bytes());
        out.push(1); // version
        out.push(0); // flags
        out.extend_from_slice(&24u32.to_le_bytes());
        out.extend_from_slice(&0u32.to_le_bytes());
        out.extend_from_slice(&(self.types.len() as u32).to_le_bytes());
        out.extend_from_slice(&(self.types.len() as u32).to_le_bytes());
        out.extend_from_slice(&(self.strings.len() as u32).to_le_bytes());
        out.extend_from_slice(&self.types);
        out.extend_from_slice(&self.strings);
        out
    }

    /// Loads it into the kernel (`BPF_BTF_LOAD`).
    pub fn load(&self) -> Result<OwnedFd, Error> {
        let data = self.encode();
        let mut a = Attr::new();
        a.ptr(0, data.as_ptr()).u32(16, data.len() as u32);
        bpf_fd(cmd::BTF_LOAD, &mut a, "BPF_BTF_LOAD")
    }
}
