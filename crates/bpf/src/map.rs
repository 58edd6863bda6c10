//! Maps: created from a [`MapSpec`], read and written through `bpf(2)`.

use std::os::fd::{AsFd, AsRawFd, BorrowedFd, OwnedFd};

use crate::sys::{Attr, Error, bpf, bpf_fd, cmd};

/// Map types used here (`enum bpf_map_type`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MapType {
    /// Hash table.
    Hash = 1,
    /// Array indexed by a `u32`, all elements present and zeroed.
    Array = 2,
    /// An array with one copy of every element per CPU.
    PercpuArray = 6,
    /// Ports for `bpf_redirect_map`: index → interface.
    Devmap = 14,
    /// AF_XDP sockets for `bpf_redirect_map`: queue → socket.
    Xskmap = 17,
    /// A ring buffer the program writes records into and the process reads
    /// through a shared mapping ([`crate::ringbuf`]).
    Ringbuf = 27,
}

/// `BPF_F_NO_PREALLOC`: hash elements are allocated on update, not all at
/// creation. Either way the kernel's BPF allocator may hand a replaced or
/// deleted element out again while a program on another CPU still reads it;
/// a writer that needs readers to see whole values waits them out first.
pub const F_NO_PREALLOC: u32 = 1;

/// `BPF_F_MMAPABLE`: an array the process can map and read and write
/// directly ([`crate::SharedArray`]).
pub const F_MMAPABLE: u32 = 1 << 10;

/// What a map is.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct MapSpec {
    /// Name (the kernel keeps 15 characters).
    pub name: String,
    /// Type.
    pub kind: MapType,
    /// Key bytes.
    pub key_size: u32,
    /// Value bytes (per CPU for per-CPU maps).
    pub value_size: u32,
    /// Capacity.
    pub max_entries: u32,
    /// `map_flags`.
    pub flags: u32,
    /// BTF type ids of key and value (a value with a spin lock needs them),
    /// in the BTF object passed to [`Map::create`].
    pub btf: Option<(u32, u32)>,
}

/// How an update treats an existing key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Update {
    /// Create or replace.
    Any = 0,
    /// Create only (fails with `EEXIST`).
    NoExist = 1,
    /// Replace only (fails with `ENOENT`).
    Exist = 2,
}

/// A map the process owns; closing it releases it (the kernel keeps it while a
/// loaded program uses it).
#[derive(Debug)]
pub struct Map {
    fd: OwnedFd,
    spec: MapSpec,
    cpus: usize,
}

impl Map {
    /// Creates a map (with `btf`, a loaded BTF object, when the spec has types).
    pub fn create(spec: &MapSpec, btf: Option<BorrowedFd<'_>>) -> Result<Map, Error> {
        let mut a = Attr::new();
        a.u32(0, spec.kind as u32)
            .u32(4, spec.key_size)
            .u32(8, spec.value_size)
            .u32(12, spec.max_entries)
            .u32(16, spec.flags)
            .name(28, &spec.name);
        if let (Some((key, value)), Some(btf)) = (spec.btf, btf) {
            a.u32(48, btf.as_raw_fd() as u32)
                .u32(52, key)
                .u32(56, value);
        }
        let fd = bpf_fd(cmd::MAP_CREATE, &mut a, "BPF_MAP_CREATE")?;
        let cpus = if spec.kind == MapType::PercpuArray {
            crate::sys::possible_cpus().map_err(|source| Error::Sys {
                op: "read /sys/devices/system/cpu/possible",
                source,
            })?
        } else {
            1
        };
        Ok(Map {
            fd,
            spec: spec.clone(),
            cpus,
        })
    }

    /// What it is.
    pub fn spec(&self) -> &MapSpec {
        &self.spec
    }

    /// Its descriptor.
    pub fn fd(&self) -> BorrowedFd<'_> {
        self.fd.as_fd()
    }

    /// Bytes of one CPU's value in a per-CPU lookup (the value rounded up to 8).
    fn percpu_stride(&self) -> usize {
        (self.spec.value_size as usize).div_ceil(8) * 8
    }

    /// Bytes a lookup writes: the value, or one per CPU for per-CPU maps.
    pub fn value_buffer_len(&self) -> usize {
        if self.spec.kind == MapType::PercpuArray {
            self.percpu_stride() * self.cpus
        } else {
            self.spec.value_size as usize
        }
    }

    /// CPUs a per-CPU map holds values for (1 otherwise).
    pub fn cpus(&self) -> usize {
        self.cpus
    }

    fn check(&self, what: &'static str, got: usize, want: usize) -> Result<(), Error> {
        if got != want {
            return Err(Error::Size {
                map: self.spec.name.clone(),
                what,
                got,
                want,
            });
        }
        Ok(())
    }

    /// Writes `key` → `value`.
    pub fn update(&self, key: &[u8], value: &[u8], how: Update) -> Result<(), Error> {
        self.update_flags(key, value, how as u64)
    }

    /// Writes `key` → `value` with raw `BPF_MAP_UPDATE_ELEM` flags (e.g.
    /// `BPF_F_LOCK`, 4: copy a spin-locked value under its lock).
    pub fn update_flags(&self, key: &[u8], value: &[u8], flags: u64) -> Result<(), Error> {
        self.check("key", key.len(), self.spec.key_size as usize)?;
        self.check("value", value.len(), self.value_buffer_len())?;
        let mut a = Attr::new();
        a.u32(0, self.fd.as_raw_fd() as u32)
            .ptr(8, key.as_ptr())
            .ptr(16, value.as_ptr())
            .u64(24, flags);
        bpf(cmd::MAP_UPDATE_ELEM, &mut a, "BPF_MAP_UPDATE_ELEM")?;
        Ok(())
    }

    /// Reads `key` into `value`; false when the key is absent.
    pub fn lookup(&self, key: &[u8], value: &mut [u8]) -> Result<bool, Error> {
        self.lookup_flags(key, value, 0)
    }

    /// [`Map::lookup`] with raw flags (`BPF_F_LOCK`, 4, for spin-locked values).
    pub fn lookup_flags(&self, key: &[u8], value: &mut [u8], flags: u64) -> Result<bool, Error> {
        self.check("key", key.len(), self.spec.key_size as usize)?;
        self.check("value", value.len(), self.value_buffer_len())?;
        let mut a = Attr::new();
        a.u32(0, self.fd.as_raw_fd() as u32)
            .ptr(8, key.as_ptr())
            .ptr(16, value.as_mut_ptr())
            .u64(24, flags);
        match bpf(cmd::MAP_LOOKUP_ELEM, &mut a, "BPF_MAP_LOOKUP_ELEM") {
            Ok(_) => Ok(true),
            Err(e) if e.errno() == Some(libc::ENOENT) => Ok(false),
            Err(e) => Err(e),
        }
    }

    /// Removes `key`; false when it was absent.
    pub fn delete(&self, key: &[u8]) -> Result<bool, Error> {
        self.check("key", key.len(), self.spec.key_size as usize)?;
        let mut a = Attr::new();
        a.u32(0, self.fd.as_raw_fd() as u32).ptr(8, key.as_ptr());
        match bpf(cmd::MAP_DELETE_ELEM, &mut a, "BPF_MAP_DELETE_ELEM") {
            Ok(_) => Ok(true),
            Err(e) if e.errno() == Some(libc::ENOENT) => Ok(false),
            Err(e) => Err(e),
        }
    }

    /// The key after `key` (the first key for `None`) into `next`; false at the end.
    pub fn next_key(&self, key: Option<&[u8]>, next: &mut [u8]) -> Result<bool, Error> {
        self.check("key", next.len(), self.spec.key_size as usize)?;
        let mut a = Attr::new();
        a.u32(0, self.fd.as_raw_fd() as u32)
            .ptr(16, next.as_mut_ptr());
        if let Some(k) = key {
            self.check("key", k.len(), self.spec.key_size as usize)?;
            a.ptr(8, k.as_ptr());
        }
        match bpf(cmd::MAP_GET_NEXT_KEY, &mut a, "BPF_MAP_GET_NEXT_KEY") {
            Ok(_) => Ok(true),
            Err(e) if e.errno() == Some(libc::ENOENT) => Ok(false),
            Err(e) => Err(e),
        }
    }

    /// Every key, in the map's order.
    pub fn keys(&self) -> Result<Vec<Vec<u8>>, Error> {
        let n = self.spec.key_size as usize;
        let mut out: Vec<Vec<u8>> = Vec::new();
        let mut next = vec![0u8; n];
        while self.next_key(out.last().map(Vec::as_slice), &mut next)? {
            out.push(next.clone());
        }
        Ok(out)
    }

    /// A per-CPU map's values for `key`, one per CPU, each `value_size` bytes.
    pub fn lookup_percpu(&self, key: &[u8]) -> Result<Option<Vec<Vec<u8>>>, Error> {
        let mut buf = vec![0u8; self.value_buffer_len()];
        if !self.lookup(key, &mut buf)? {
            return Ok(None);
        }
        let stride = self.percpu_stride();
        let v = self.spec.value_size as usize;
        Ok(Some(buf.chunks(stride).map(|c| c[..v].to_vec()).collect()))
    }

    /// Writes many entries in one call (`BPF_MAP_UPDATE_BATCH`): `keys` and
    /// `values` are concatenations of equal counts. Returns how many were
    /// written (all, unless the error says otherwise).
    pub fn update_batch(&self, keys: &[u8], values: &[u8], how: Update) -> Result<usize, Error> {
        let (k, v) = (self.spec.key_size as usize, self.value_buffer_len());
        let count = keys.len() / k.max(1);
        self.check("keys", keys.len(), count * k)?;
        self.check("values", values.len(), count * v)?;
        if count == 0 {
            return Ok(0);
        }
        let mut a = Attr::new();
        a.ptr(16, keys.as_ptr())
            .ptr(24, values.as_ptr())
            .u32(32, count as u32)
            .u32(36, self.fd.as_raw_fd() as u32)
            .u64(40, how as u64);
        bpf(cmd::MAP_UPDATE_BATCH, &mut a, "BPF_MAP_UPDATE_BATCH")?;
        Ok(a.get_u32(32) as usize)
    }

    /// Removes many keys in one call (`BPF_MAP_DELETE_BATCH`); fails on the
    /// first absent key (`ENOENT`) after removing those before it.
    pub fn delete_batch(&self, keys: &[u8]) -> Result<usize, Error> {
        let k = self.spec.key_size as usize;
        let count = keys.len() / k.max(1);
        self.check("keys", keys.len(), count * k)?;
        if count == 0 {
            return Ok(0);
        }
        let mut a = Attr::new();
        a.ptr(16, keys.as_ptr())
            .u32(32, count as u32)
            .u32(36, self.fd.as_raw_fd() as u32);
        bpf(cmd::MAP_DELETE_BATCH, &mut a, "BPF_MAP_DELETE_BATCH")?;
        Ok(a.get_u32(32) as usize)
    }

    /// Reads up to `max` entries from the position `cursor` (None: the start),
    /// into `keys` and `values` (`BPF_MAP_LOOKUP_BATCH`). Returns the entries
    /// read and the cursor for the next call (None: the end was reached).
    pub fn lookup_batch(
        &self,
        cursor: Option<u64>,
        max: usize,
        keys: &mut Vec<u8>,
        values: &mut Vec<u8>,
    ) -> Result<(usize, Option<u64>), Error> {
        let (k, v) = (self.spec.key_size as usize, self.value_buffer_len());
        keys.resize(max * k, 0);
        values.resize(max * v, 0);
        let in_batch = cursor.unwrap_or(0);
        let mut out_batch = 0u64;
        let mut a = Attr::new();
        if cursor.is_some() {
            a.ptr(0, &in_batch as *const u64);
        }
        a.ptr(8, &mut out_batch as *mut u64)
            .ptr(16, keys.as_mut_ptr())
            .ptr(24, values.as_mut_ptr())
            .u32(32, max as u32)
            .u32(36, self.fd.as_raw_fd() as u32);
        let r = bpf(cmd::MAP_LOOKUP_BATCH, &mut a, "BPF_MAP_LOOKUP_BATCH");
        let n = a.get_u32(32) as usize;
        keys.truncate(n * k);
        values.truncate(n * v);
        match r {
            Ok(_) => Ok((n, Some(out_batch))),
            Err(e) if e.errno() == Some(libc::ENOENT) => Ok((n, None)),
            Err(e) => Err(e),
        }
    }
}
