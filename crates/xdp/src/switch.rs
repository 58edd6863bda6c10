//! A `pipe` program loaded into the kernel: its maps, its test program (for
//! `BPF_PROG_TEST_RUN`), and the control-plane operations that write the
//! maps directly (for setting up before traffic, and for mirroring the switch
//! model's changes in lockstep runs).

use std::os::fd::{AsFd, AsRawFd, OwnedFd};
use std::time::Duration;

use bpf::asm::{Assembled, MapRef};
use bpf::map::Update as How;
use bpf::{Map, TestRun};
use pipe::meter::MeterConfig;
use pipe::{ControlError, DropReason, KeyMatch, Output, Program, TableEntry, Verdict};
use serde::Serialize;

use crate::codegen::Mode;
use crate::compile::Compiled;
use crate::entries::{self, ScanEntry, Scanned};
use crate::layout::{self, WB_DELETE, config, drop_reason, meta};
use crate::plan::{Refused, TableMaps};

/// `BPF_F_LOCK`: copy a spin-locked value under its lock.
const F_LOCK: u64 = 4;

/// The XDP target failed.
#[derive(Debug, thiserror::Error)]
pub enum XdpError {
    /// The target cannot run the program.
    #[error(transparent)]
    Refused(#[from] Refused),
    /// The kernel refused a call (or the verifier the program).
    #[error(transparent)]
    Bpf(#[from] bpf::Error),
    /// A control-plane operation was refused.
    #[error(transparent)]
    Control(#[from] ControlError),
    /// XDP sees no frame shorter than an Ethernet header.
    #[error("the XDP target cannot take a frame of {0} bytes (shorter than an Ethernet header)")]
    Short(usize),
    /// The program ended without a verdict.
    #[error("the XDP program gave no verdict for the packet (it returned {0})")]
    NoVerdict(u32),
    /// The packet buffer could not take the output's header stack.
    #[error("the output's headers did not fit the packet buffer (bpf_xdp_adjust_head refused)")]
    Deparse,
    /// The visibility word kept changing under the packet.
    #[error("the write-back visibility changed under the packet three times in a row")]
    Epoch,
    /// A punt socket for a receive queue the program does not serve.
    #[error("port {port}: receive queue {queue} is past the {max} a punt socket may serve")]
    PuntQueue {
        /// The switch port.
        port: u16,
        /// Its receive queue.
        queue: u32,
        /// Queues served per port.
        max: u32,
    },
}

/// What the program's own counters say (summed over CPUs).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct XdpStats {
    /// Packets the program ran on.
    pub packets: u64,
    /// Register, counter or meter indexes outside their arrays.
    pub index_errors: u64,
    /// Outputs whose headers did not fit the packet buffer (dropped).
    pub deparse_errors: u64,
    /// Packets dropped because an update flipped the tables three times under them.
    pub epoch_retries: u64,
    /// Packets sent to the recirculation port (dropped: this target does not recirculate).
    pub recirculations: u64,
    /// Packets for a port with no interface (dropped).
    pub unbound_port: u64,
    /// Frames `--record` lost to a full ring buffer.
    pub record_lost: u64,
}

/// A loaded program.
#[derive(Debug)]
pub struct XdpSwitch {
    c: Compiled,
    maps: Vec<Map>,
    _btf: Option<OwnedFd>,
    test: bpf::Program,
    scanned: Vec<Option<Scanned>>,
    /// Per table kept as an array indexed by its key, its slots, mapped.
    direct: Vec<Option<bpf::SharedArray>>,
    vis: u64,
    /// The configuration value, mapped: a change is an atomic store, not a
    /// system call.
    config: bpf::SharedArray,
    /// The CPUs' in-flight markers, mapped (programs with write-back or
    /// scanned tables).
    pub(crate) markers: Option<bpf::SharedArray>,
    pub(crate) ctl: crate::control::ControlState,
}

/// Sets map references to descriptors.
fn link(mut a: Assembled, maps: &[Map]) -> Vec<bpf::insn::Insn> {
    for r in &a.relocs {
        a.insns[r.insn].imm = maps[r.map.0].fd().as_raw_fd();
    }
    a.insns
}

impl XdpSwitch {
    /// Plans `program`, creates its maps and loads its test program.
    pub fn load(program: &Program) -> Result<XdpSwitch, XdpError> {
        XdpSwitch::load_with(program, false)
    }

    /// [`XdpSwitch::load`]; with `record`, live programs also write every
    /// frame they receive and send on a switch port into a ring buffer
    /// ([`XdpSwitch::record_ring`]).
    pub fn load_with(program: &Program, record: bool) -> Result<XdpSwitch, XdpError> {
        let c = Compiled::with_record(program, record)?;
        let needs_btf = c.plan.maps.iter().any(|m| m.btf.is_some());
        let btf = if needs_btf {
            let mut b = bpf::btf::Btf::new();
            let u32_t = b.int("u32", 4);
            let u64_t = b.int("u64", 8);
            let lock = b.spin_lock(u32_t);
            let cell = b.structure("cell", 16, &[("lock", lock, 0), ("value", u64_t, 8)]);
            let meter = b.structure(
                "meter",
                layout::meter::SIZE as u32,
                &[
                    ("lock", lock, 0),
                    ("p", u64_t, layout::meter::P as u32),
                    ("c", u64_t, layout::meter::C as u32),
                ],
            );
            Some((b.load()?, u32_t, cell, meter))
        } else {
            None
        };
        let mut maps = Vec::with_capacity(c.plan.maps.len());
        for (i, spec) in c.plan.maps.iter().enumerate() {
            let mut spec = spec.clone();
            if c.plan.inflight == Some(MapRef(i)) {
                // A marker for every CPU a program may run on.
                spec.max_entries = bpf::possible_cpus().map_err(|source| {
                    XdpError::Bpf(bpf::Error::Sys {
                        op: "read /sys/devices/system/cpu/possible",
                        source,
                    })
                })? as u32;
            }
            let fd = match (&btf, spec.btf) {
                (Some((fd, key, cell, meter)), Some(_)) => {
                    let value = if spec.value_size as usize == layout::meter::SIZE {
                        *meter
                    } else {
                        *cell
                    };
                    spec.btf = Some((*key, value));
                    Some(fd.as_fd())
                }
                _ => None,
            };
            maps.push(Map::create(&spec, fd)?);
        }
        let asm = c.generate(Mode::Test)?;
        let test = bpf::Program::load_xdp(&format!("t_{}", program.name), &link(asm, &maps))?;
        let scanned = c
            .plan
            .tables
            .iter()
            .map(|t| matches!(t, TableMaps::Scanned { .. }).then(Scanned::default))
            .collect();
        let direct = c
            .plan
            .tables
            .iter()
            .map(|t| match t {
                TableMaps::Direct { array, .. } => bpf::SharedArray::new(&maps[array.0]).map(Some),
                _ => Ok(None),
            })
            .collect::<Result<Vec<_>, _>>()?;
        let config = bpf::SharedArray::new(&maps[c.plan.config.0])?;
        let markers = c
            .plan
            .inflight
            .map(|m| bpf::SharedArray::new(&maps[m.0]))
            .transpose()?;
        let mut sw = XdpSwitch {
            c,
            maps,
            _btf: btf.map(|b| b.0),
            test,
            scanned,
            direct,
            vis: 0,
            config,
            markers,
            ctl: crate::control::ControlState::default(),
        };
        sw.reserve_keys();
        sw.fill_crc_tables()?;
        Ok(sw)
    }

    /// The program.
    pub fn program(&self) -> &Program {
        &self.c.program
    }

    /// The compiled form (plan, resolved program).
    pub fn compiled(&self) -> &Compiled {
        &self.c
    }

    /// What the verifier said of the test program.
    pub fn verifier_stats(&self) -> &bpf::VerifierStats {
        self.test.stats()
    }

    /// The map behind `r`.
    pub(crate) fn map(&self, r: MapRef) -> &Map {
        &self.maps[r.0]
    }

    /// Loads the program for the interface that is port `in_port`, sharing
    /// this switch's maps (`link_port`: the server link's port, see
    /// [`Mode::Live`]).
    pub fn load_port_program(
        &self,
        in_port: u16,
        link_port: Option<u16>,
    ) -> Result<bpf::Program, XdpError> {
        let asm = self.c.generate(Mode::Live { in_port, link_port })?;
        Ok(bpf::Program::load_xdp(
            &format!("p{in_port}_{}", self.c.program.name),
            &link(asm, &self.maps),
        )?)
    }

    fn fill_crc_tables(&mut self) -> Result<(), XdpError> {
        // Reflected CRC tables: CRC-16/ARC (poly 0x8005) and CRC-32 (0x04C11DB7).
        for (map, poly) in [
            (self.c.plan.crc16, 0xA001u32),
            (self.c.plan.crc32, 0xEDB8_8320),
        ] {
            let Some(map) = map else { continue };
            let mut table = vec![0u8; 1024];
            for i in 0..256u32 {
                let mut c = i;
                for _ in 0..8 {
                    c = if c & 1 != 0 { (c >> 1) ^ poly } else { c >> 1 };
                }
                table[4 * i as usize..4 * i as usize + 4].copy_from_slice(&c.to_ne_bytes());
            }
            self.map(map)
                .update(&0u32.to_ne_bytes(), &table, How::Any)?;
        }
        Ok(())
    }

    /// Runs one packet through the test program: arriving on `port` at `now`.
    pub fn process(&mut self, now: Duration, port: u16, frame: &[u8]) -> Result<Output, XdpError> {
        run_test(&self.test, now, port, frame)
    }

    /// A handle that runs packets through the test program from another
    /// thread while this switch's control plane changes the maps.
    pub fn packet_runner(&self) -> Result<PacketRunner, XdpError> {
        Ok(PacketRunner {
            prog: self.test.try_clone()?,
        })
    }

    /// Mean run time of the test program over `repeat` runs of one packet
    /// (`BPF_PROG_TEST_RUN` with `repeat`, as the kernel's selftests measure).
    pub fn time_per_packet(
        &self,
        now: Duration,
        port: u16,
        frame: &[u8],
        repeat: u32,
    ) -> Result<Duration, XdpError> {
        let mut data = Vec::with_capacity(meta::SIZE + frame.len());
        data.extend_from_slice(&u32::from(port).to_ne_bytes());
        data.extend_from_slice(&0u32.to_ne_bytes());
        data.extend_from_slice(&(now.as_nanos() as u64).to_ne_bytes());
        data.extend_from_slice(frame);
        let r = self.test.test_run(&TestRun {
            data: &data,
            meta: meta::SIZE as u32,
            repeat,
            ..TestRun::default()
        })?;
        Ok(r.duration)
    }

    fn table(&self, name: &str) -> Result<usize, ControlError> {
        self.c
            .program
            .tables
            .iter()
            .position(|t| t.name == name)
            .ok_or_else(|| ControlError::UnknownTable(name.to_string()))
    }

    /// Writes an entry of table `name` (`wb`: into its write-back table).
    fn put(
        &mut self,
        name: &str,
        e: &TableEntry,
        how: How,
        wb: bool,
        last_hit: u64,
    ) -> Result<(), XdpError> {
        let t = self.table(name)?;
        let rt = &self.c.resolved.tables[t];
        let checked = entries::check_action(&self.c.resolved, rt, e)?;
        match self.c.plan.tables[t] {
            TableMaps::Keyless => Err(ControlError::BadEntry {
                table: name.to_string(),
                message: "the table has no key".into(),
            }
            .into()),
            TableMaps::Direct { args, .. } => {
                if wb {
                    return Err(ControlError::NoWriteBack(name.to_string()).into());
                }
                let key = entries::exact_key(rt, &e.key)?;
                let exists = self.exists(t, &key);
                match how {
                    How::NoExist if exists => {
                        return Err(ControlError::EntryExists(name.into()).into());
                    }
                    How::Exist if !exists => {
                        return Err(ControlError::EntryMissing(name.into()).into());
                    }
                    _ => {}
                }
                if !exists && self.held(t) >= rt.size as usize {
                    return Err(ControlError::TableFull {
                        table: name.into(),
                        size: rt.size,
                    }
                    .into());
                }
                let mut value =
                    entries::exact_value(u32::from(checked.action), &checked.args, args, last_hit);
                value[layout::direct::USED..layout::direct::USED + 4]
                    .copy_from_slice(&1u32.to_ne_bytes());
                self.write_direct(t, &key, &value)?;
                self.note_write(t, &key, last_hit, !exists);
                Ok(())
            }
            TableMaps::Exact {
                main,
                wb: wbm,
                args,
            } => {
                let key = entries::exact_key(rt, &e.key)?;
                let value =
                    entries::exact_value(u32::from(checked.action), &checked.args, args, last_hit);
                if wb {
                    wbm.ok_or_else(|| ControlError::NoWriteBack(name.to_string()))?;
                    return self.put_write_back(t, &key, &value);
                }
                self.map_update(main, &key, &value, how, name, rt.size)?;
                self.note_write(t, &key, last_hit, how == How::NoExist);
                Ok(())
            }
            TableMaps::Scanned { .. } => {
                let (value, mask, rank) = entries::scan_key(rt, &e.key, e.priority)?;
                let size = rt.size;
                let st = self.scanned[t].get_or_insert_with(Scanned::default);
                let at = st.find(&value, &mask, rank);
                match (how, at) {
                    (How::NoExist, Some(_)) => Err(ControlError::EntryExists(name.into()).into()),
                    (How::Exist, None) => Err(ControlError::EntryMissing(name.into()).into()),
                    (_, Some(i)) => {
                        st.entries[i].action = checked.action;
                        st.entries[i].args = checked.args;
                        self.write_bank(t)
                    }
                    (_, None) => {
                        if st.entries.len() >= size as usize {
                            return Err(ControlError::TableFull {
                                table: name.into(),
                                size,
                            }
                            .into());
                        }
                        st.insert(ScanEntry {
                            value,
                            mask,
                            rank,
                            action: checked.action,
                            args: checked.args,
                        });
                        self.write_bank(t)
                    }
                }
            }
        }
    }

    fn map_update(
        &self,
        map: MapRef,
        key: &[u8],
        value: &[u8],
        how: How,
        name: &str,
        size: u32,
    ) -> Result<(), XdpError> {
        match self.map(map).update(key, value, how) {
            Ok(()) => Ok(()),
            Err(e) => Err(match e.errno() {
                Some(libc::EEXIST) => ControlError::EntryExists(name.into()).into(),
                Some(libc::ENOENT) => ControlError::EntryMissing(name.into()).into(),
                Some(libc::E2BIG) => ControlError::TableFull {
                    table: name.into(),
                    size,
                }
                .into(),
                _ => e.into(),
            }),
        }
    }

    /// Writes `value` (an entry, its flags word 1; all zero: no entry) into
    /// the slot of direct table `t` that `key` names: into the copy packets
    /// do not read, then makes it the current one, and waits until no packet
    /// that may have read the old copy runs (`layout::direct`). Memory
    /// stores and a wait; no system call.
    fn write_direct(&mut self, t: usize, key: &[u8], value: &[u8]) -> Result<(), XdpError> {
        use std::sync::atomic::Ordering::{Relaxed, SeqCst};
        let TableMaps::Direct { args, .. } = self.c.plan.tables[t] else {
            return Ok(());
        };
        let idx = entries::direct_index(&self.c.resolved.tables[t], key);
        let missing = || {
            XdpError::from(ControlError::Channel(format!(
                "XDP target: slot {idx} of table {t}'s array is not mapped"
            )))
        };
        let slots = self.direct[t].as_ref().ok_or_else(missing)?;
        let current = slots
            .u32_at(idx, layout::direct::CURRENT)
            .ok_or_else(missing)?;
        let next = 1 - (current.load(SeqCst) & 1);
        let base = layout::direct::copy(args, next as usize);
        for (i, word) in value.chunks(8).enumerate() {
            let mut w = [0u8; 8];
            w[..word.len()].copy_from_slice(word);
            slots
                .u64_at(idx, base + 8 * i)
                .ok_or_else(missing)?
                .store(u64::from_ne_bytes(w), Relaxed);
        }
        current.store(next, SeqCst);
        self.step_word()?;
        self.quiesce(self.visibility_word())
    }

    /// Rewrites the bank of scanned table `t` the program does not read and
    /// makes it the one it reads.
    fn write_bank(&mut self, t: usize) -> Result<(), XdpError> {
        let TableMaps::Scanned { array, bank, args } = self.c.plan.tables[t] else {
            return Ok(());
        };
        let rt = &self.c.resolved.tables[t];
        let Some(st) = self.scanned[t].as_mut() else {
            return Ok(());
        };
        let next = 1 - st.bank;
        let bytes = st.encode(rt, args);
        self.maps[array.0].update(&next.to_ne_bytes(), &bytes, How::Any)?;
        st.bank = next;
        let off = config::bank(bank);
        self.write_config(off, &next.to_ne_bytes())?;
        Ok(())
    }

    /// Writes the word `bytes` (4 or 8 of them) at `off` of the
    /// configuration value, by a sequentially consistent store: the control
    /// plane's reads of the markers after it come after it on every CPU
    /// (`crate::control`).
    fn write_config(&mut self, off: usize, bytes: &[u8]) -> Result<(), XdpError> {
        use std::sync::atomic::Ordering::SeqCst;
        let stored = match *bytes {
            [a, b, c, d] => self
                .config
                .u32_at(0, off)
                .map(|w| w.store(u32::from_ne_bytes([a, b, c, d]), SeqCst)),
            [a, b, c, d, e, f, g, h] => self
                .config
                .u64_at(0, off)
                .map(|w| w.store(u64::from_ne_bytes([a, b, c, d, e, f, g, h]), SeqCst)),
            _ => None,
        };
        stored.ok_or_else(|| {
            XdpError::Control(ControlError::Channel(format!(
                "XDP target: no {}-byte configuration word at byte {off}",
                bytes.len()
            )))
        })
    }

    /// Adds an entry (now: its last hit).
    pub fn insert(&mut self, table: &str, e: &TableEntry, now: Duration) -> Result<(), XdpError> {
        self.put(table, e, How::NoExist, false, self.ktime(now))
    }

    /// Changes an entry's action and data.
    pub fn modify(&mut self, table: &str, e: &TableEntry, now: Duration) -> Result<(), XdpError> {
        self.put(table, e, How::Exist, false, self.ktime(now))
    }

    /// Removes an entry.
    pub fn delete(&mut self, table: &str, key: &[KeyMatch], priority: u32) -> Result<(), XdpError> {
        let t = self.table(table)?;
        let rt = &self.c.resolved.tables[t];
        match self.c.plan.tables[t] {
            TableMaps::Keyless => Err(ControlError::EntryMissing(table.into()).into()),
            TableMaps::Direct { args, .. } => {
                let k = entries::exact_key(rt, key)?;
                if !self.exists(t, &k) {
                    return Err(ControlError::EntryMissing(table.into()).into());
                }
                self.write_direct(t, &k, &vec![0u8; layout::entry::size(args)])?;
                self.note_delete(t, &k);
                Ok(())
            }
            TableMaps::Exact { main, .. } => {
                let k = entries::exact_key(rt, key)?;
                if !self.map(main).delete(&k)? {
                    return Err(ControlError::EntryMissing(table.into()).into());
                }
                self.note_delete(t, &k);
                Ok(())
            }
            TableMaps::Scanned { .. } => {
                let (value, mask, rank) = entries::scan_key(rt, key, priority)?;
                let st = self.scanned[t].get_or_insert_with(Scanned::default);
                let Some(i) = st.find(&value, &mask, rank) else {
                    return Err(ControlError::EntryMissing(table.into()).into());
                };
                st.entries.remove(i);
                self.write_bank(t)
            }
        }
    }

    /// Writes a write-back entry of `table` (None: a deletion marker for `key`).
    pub fn write_back(
        &mut self,
        table: &str,
        key: &[KeyMatch],
        entry: Option<&TableEntry>,
        now: Duration,
    ) -> Result<(), XdpError> {
        match entry {
            Some(e) => self.put(table, e, How::Any, true, self.ktime(now)),
            None => {
                let t = self.table(table)?;
                let rt = &self.c.resolved.tables[t];
                let TableMaps::Exact {
                    wb: Some(_), args, ..
                } = self.c.plan.tables[t]
                else {
                    return Err(ControlError::NoWriteBack(table.into()).into());
                };
                let k = entries::exact_key(rt, key)?;
                let v = entries::exact_value(WB_DELETE, &[], args, 0);
                self.put_write_back(t, &k, &v)
            }
        }
    }

    /// Removes a write-back entry of `table` (absent: nothing happens).
    pub fn clear_write_back(&mut self, table: &str, key: &[KeyMatch]) -> Result<(), XdpError> {
        let t = self.table(table)?;
        let rt = &self.c.resolved.tables[t];
        let (TableMaps::Exact { wb: Some(wb), .. }, Some(shared)) =
            (self.c.plan.tables[t], self.c.plan.write_back)
        else {
            return Err(ControlError::NoWriteBack(table.into()).into());
        };
        let k = entries::exact_key(rt, key)?;
        self.map(wb).delete(&shared.key(t, &k))?;
        if let Some(held) = self.ctl.wb_held.get_mut(&t) {
            held.remove(&k);
        }
        Ok(())
    }

    /// Writes table `t`'s write-back entry `value` for `key` into the shared
    /// map, refusing it, as the model does, when the table's write-back
    /// entries already fill its declared write-back size.
    fn put_write_back(&mut self, t: usize, key: &[u8], value: &[u8]) -> Result<(), XdpError> {
        let rt = &self.c.resolved.tables[t];
        let (Some(size), Some(shared)) = (rt.write_back, self.c.plan.write_back) else {
            return Err(ControlError::NoWriteBack(rt.name.clone()).into());
        };
        let held = self.ctl.wb_held.entry(t).or_default();
        if !held.contains(key) && held.len() >= size as usize {
            return Err(ControlError::TableFull {
                table: rt.name.clone(),
                size,
            }
            .into());
        }
        self.maps[shared.map.0].update(&shared.key(t, key), &shared.value(value), How::Any)?;
        held.insert(key.to_vec());
        Ok(())
    }

    /// Sets or clears the write-back tables' visibility: one step of the
    /// visibility word (its low bit is the visibility).
    pub fn set_visible(&mut self, on: bool) -> Result<(), XdpError> {
        if (self.vis & 1 == 1) == on {
            return Ok(());
        }
        self.vis += 1;
        let v = self.vis;
        self.write_config(config::VIS, &v.to_ne_bytes())
    }

    /// Steps the visibility word keeping its visibility bit, so that a wait
    /// ([`XdpSwitch::quiesce`]) tells the packets that started after a write
    /// from those before it.
    pub fn step_word(&mut self) -> Result<(), XdpError> {
        self.vis += 2;
        let v = self.vis;
        self.write_config(config::VIS, &v.to_ne_bytes())
    }

    /// The visibility word now.
    pub fn visibility_word(&self) -> u64 {
        self.vis
    }

    fn register(&self, name: &str) -> Result<(usize, u32), ControlError> {
        let i = self
            .c
            .program
            .registers
            .iter()
            .position(|g| g.name == name)
            .ok_or_else(|| ControlError::UnknownObject {
                what: "register",
                name: name.to_string(),
            })?;
        Ok((i, self.c.resolved.registers[i].size))
    }

    fn check_index(
        what: &'static str,
        name: &str,
        index: u32,
        size: u32,
    ) -> Result<(), ControlError> {
        if index >= size {
            return Err(ControlError::IndexOutOfRange {
                what,
                name: name.to_string(),
                index,
                size,
            });
        }
        Ok(())
    }

    /// Writes a register cell (the value truncated to the register's width).
    pub fn write_register(&mut self, name: &str, index: u32, value: u64) -> Result<(), XdpError> {
        let (i, size) = self.register(name)?;
        Self::check_index("register", name, index, size)?;
        let width = self.c.resolved.registers[i].width;
        let value = value
            & if width >= 64 {
                u64::MAX
            } else {
                (1 << width) - 1
            };
        let reg = self.c.plan.registers[i];
        let key = index.to_ne_bytes();
        if reg.locked {
            let mut v = [0u8; layout::locked::SIZE];
            v[layout::locked::VALUE..].copy_from_slice(&value.to_ne_bytes());
            self.map(reg.map).update_flags(&key, &v, F_LOCK)?;
        } else {
            self.map(reg.map)
                .update(&key, &value.to_ne_bytes(), How::Any)?;
        }
        Ok(())
    }

    /// Reads a register cell.
    pub fn read_register(&self, name: &str, index: u32) -> Result<u64, XdpError> {
        let (i, size) = self.register(name)?;
        Self::check_index("register", name, index, size)?;
        let reg = self.c.plan.registers[i];
        let key = index.to_ne_bytes();
        let mut v = vec![0u8; self.map(reg.map).value_buffer_len()];
        self.map(reg.map)
            .lookup_flags(&key, &mut v, if reg.locked { F_LOCK } else { 0 })?;
        let at = if reg.locked { layout::locked::VALUE } else { 0 };
        Ok(u64::from_ne_bytes(
            v[at..at + 8].try_into().unwrap_or([0; 8]),
        ))
    }

    /// A counter cell summed over CPUs: (packets, bytes).
    pub fn read_counter(&self, name: &str, index: u32) -> Result<(u64, u64), XdpError> {
        let i = self
            .c
            .program
            .counters
            .iter()
            .position(|c| c.name == name)
            .ok_or_else(|| ControlError::UnknownObject {
                what: "counter",
                name: name.to_string(),
            })?;
        Self::check_index("counter", name, index, self.c.resolved.counters[i].size)?;
        let cells = self
            .map(self.c.plan.counters[i])
            .lookup_percpu(&index.to_ne_bytes())?
            .unwrap_or_default();
        Ok(cells.iter().fold((0, 0), |(p, b), c| {
            let w = |o: usize| u64::from_ne_bytes(c[o..o + 8].try_into().unwrap_or([0; 8]));
            (p + w(0), b + w(8))
        }))
    }

    /// Configures a meter cell (None: unconfigured, every packet green); both
    /// buckets start full.
    pub fn set_meter(
        &mut self,
        name: &str,
        index: u32,
        cfg: Option<MeterConfig>,
    ) -> Result<(), XdpError> {
        use crate::layout::meter as mc;
        let i = self
            .c
            .program
            .meters
            .iter()
            .position(|m| m.name == name)
            .ok_or_else(|| ControlError::UnknownObject {
                what: "meter",
                name: name.to_string(),
            })?;
        Self::check_index("meter", name, index, self.c.resolved.meters[i].size)?;
        let mut v = [0u8; mc::SIZE];
        let mut put = |o: usize, x: u64| v[o..o + 8].copy_from_slice(&x.to_ne_bytes());
        if let Some(m) = cfg {
            m.check().map_err(|message| ControlError::BadMeterConfig {
                meter: name.to_string(),
                index,
                message,
            })?;
            let scaled = |b: u64| {
                b.checked_mul(1_000_000_000).ok_or_else(|| ControlError::BadMeterConfig {
                    meter: name.to_string(),
                    index,
                    message: format!(
                        "burst {b} is more than the XDP target's buckets hold (at most {} units)",
                        u64::MAX / 1_000_000_000
                    ),
                })
            };
            let (ccap, pcap) = (scaled(m.cburst)?, scaled(m.pburst)?);
            put(mc::CIR, m.cir);
            put(mc::CCAP, ccap);
            put(mc::PIR, m.pir);
            put(mc::PCAP, pcap);
            put(mc::P, pcap);
            put(mc::C, ccap);
            v[mc::CONFIGURED..mc::CONFIGURED + 4].copy_from_slice(&1u32.to_ne_bytes());
        }
        self.map(self.c.plan.meters[i])
            .update_flags(&index.to_ne_bytes(), &v, F_LOCK)?;
        Ok(())
    }

    /// The program's counters, summed over CPUs.
    pub fn stats(&self) -> Result<XdpStats, XdpError> {
        let cells = self
            .map(self.c.plan.stats)
            .lookup_percpu(&0u32.to_ne_bytes())?
            .unwrap_or_default();
        let sum = |k: usize| -> u64 {
            cells
                .iter()
                .map(|c| u64::from_ne_bytes(c[8 * k..8 * k + 8].try_into().unwrap_or([0; 8])))
                .sum()
        };
        use crate::layout::stats as s;
        Ok(XdpStats {
            packets: sum(s::PACKETS),
            index_errors: sum(s::INDEX_ERRORS),
            deparse_errors: sum(s::DEPARSE_ERRORS),
            epoch_retries: sum(s::EPOCH_RETRIES),
            recirculations: sum(s::RECIRCULATIONS),
            unbound_port: sum(s::UNBOUND_PORT),
            record_lost: sum(s::RECORD_LOST),
        })
    }
}

/// Runs packets through a loaded test program ([`XdpSwitch::packet_runner`]).
#[derive(Debug)]
pub struct PacketRunner {
    prog: bpf::Program,
}

impl PacketRunner {
    /// [`XdpSwitch::process`].
    pub fn process(&self, now: Duration, port: u16, frame: &[u8]) -> Result<Output, XdpError> {
        run_test(&self.prog, now, port, frame)
    }
}

/// One packet through a test program.
fn run_test(
    test: &bpf::Program,
    now: Duration,
    port: u16,
    frame: &[u8],
) -> Result<Output, XdpError> {
    if frame.len() < 14 {
        return Err(XdpError::Short(frame.len()));
    }
    let mut data = Vec::with_capacity(meta::SIZE + frame.len());
    data.extend_from_slice(&u32::from(port).to_ne_bytes());
    data.extend_from_slice(&0u32.to_ne_bytes());
    let now_ns = u64::try_from(now.as_nanos()).unwrap_or(u64::MAX);
    data.extend_from_slice(&now_ns.to_ne_bytes());
    data.extend_from_slice(frame);
    let r = test.test_run(&TestRun {
        data: &data,
        meta: meta::SIZE as u32,
        repeat: 1,
        ..TestRun::default()
    })?;
    if r.meta < meta::SIZE || r.data.len() < meta::SIZE {
        return Err(XdpError::NoVerdict(r.retval));
    }
    let word =
        |o: usize| u32::from_ne_bytes([r.data[o], r.data[o + 1], r.data[o + 2], r.data[o + 3]]);
    let (kind, value) = (word(0), word(4));
    let verdict = match kind {
        meta::EMIT => Verdict::Emit { port: value as u16 },
        meta::DROP => Verdict::Drop(match value as i32 {
            drop_reason::PARSER_REJECT => DropReason::ParserReject,
            drop_reason::TRUNCATED => DropReason::Truncated,
            drop_reason::INGRESS => DropReason::Ingress,
            drop_reason::EGRESS => DropReason::Egress,
            drop_reason::NO_EGRESS_PORT => DropReason::NoEgressPort,
            drop_reason::RECIRCULATION => DropReason::RecirculationLimit,
            drop_reason::DEPARSE => return Err(XdpError::Deparse),
            drop_reason::EPOCH => return Err(XdpError::Epoch),
            _ => return Err(XdpError::NoVerdict(r.retval)),
        }),
        _ => return Err(XdpError::NoVerdict(r.retval)),
    };
    let bytes = match verdict {
        Verdict::Emit { .. } => r.data[r.meta..].to_vec(),
        Verdict::Drop(_) => Vec::new(),
    };
    Ok(Output { verdict, bytes })
}
