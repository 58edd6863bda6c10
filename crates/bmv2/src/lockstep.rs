//! BMv2 as the data plane of a run, one packet at a time ([`Lockstep`]).
//!
//! `simple_switch` is started with `--packet-in` (packets in and out over one
//! nanomsg PAIR socket instead of interfaces: no root, no veth) and `--nanolog`
//! (its event logger, a nanomsg PUB socket). Both are spoken directly: the
//! nanomsg scalability-protocol framing over a Unix socket is an 8-byte
//! handshake and then `0x01`, a big-endian 64-bit length and the message.
//!
//! **When is a packet finished?** BMv2 says nothing when it drops a packet, so
//! the event logger is read: every pipeline start and end, every action
//! executed, every deparse and every transmission is an event carrying the
//! packet's id and copy id. From the BMv2 JSON we know which actions set
//! `standard_metadata.egress_spec` (`assign`) or drop (`mark_to_drop`), and
//! which recirculate. A pass is over when
//! * its ingress pipeline ends and the last egress-spec writer of the pass was
//!   a drop (simple_switch drops it right there, with no event);
//! * its egress pipeline ends after a drop;
//! * it is transmitted (`PACKET_OUT`; the packet itself follows on the PAIR
//!   socket), or it is deparsed after a recirculating action (then one more
//!   pass, a new copy, is expected).
//!
//! The packet is finished when no pass is open and none is expected. That is
//! exact, not a quiescence timeout: nothing is waited for but events that must
//! come. What it needs from the program: no action that both branches
//! (`_jump`) and drops, forwards or recirculates (refused at start), no clone,
//! resubmit or multicast (refused), and no forwarding to BMv2's drop port 511
//! by value (Tandem's ports are below it). A missing event (the logger is
//! lossy if its reader falls behind, which one packet at a time does not) ends
//! in a clear error after the timeout, not in a wrong result.

use std::collections::{BTreeSet, HashMap, HashSet};
use std::io::{BufReader, Read, Write};
use std::os::unix::net::UnixStream;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::{Bmv2, Bmv2Error, Names, Running, err, stderr_tail, thrift, wait_for_port};
use p4gen::p4c::P4c;
use pipe::{Applied, Program, Switch, TableEntry};

/// nanomsg protocol numbers (`NN_PAIR`, `NN_PUB`, `NN_SUB`).
const NN_PAIR: u16 = 16;
const NN_PUB: u16 = 32;
const NN_SUB: u16 = 33;

/// BMv2's event types (`event_logger.cpp`).
const EV_PACKET_IN: i32 = 0;
const EV_PACKET_OUT: i32 = 1;
const EV_DEPARSER_DONE: i32 = 6;
const EV_PIPELINE_START: i32 = 9;
const EV_PIPELINE_DONE: i32 = 10;
const EV_ACTION_EXECUTE: i32 = 14;
/// Event header: type, switch id (8), context (4), signature, id, copy id (8 each).
const EV_HEADER: usize = 4 + 8 + 4 + 8 + 8 + 8;

/// Packet-in message types (`dev_mgr_packet_in.cpp`).
const MSG_PORT_ADD: i32 = 0;
const MSG_PACKET_IN: i32 = 3;
const MSG_PACKET_OUT: i32 = 4;

/// Largest message accepted from BMv2's sockets.
const MAX_MSG: u64 = 1 << 20;

/// One nanomsg scalability-protocol connection over a Unix socket.
struct Sp {
    r: BufReader<UnixStream>,
    w: UnixStream,
}

impl Sp {
    /// Connects to `path` as protocol `ours`, expecting a `theirs` peer;
    /// retries while the switch has not bound the socket yet.
    fn connect(
        path: &Path,
        ours: u16,
        theirs: u16,
        sw: &mut Running,
        limit: Duration,
    ) -> Result<Sp, Bmv2Error> {
        let start = Instant::now();
        let s = loop {
            match UnixStream::connect(path) {
                Ok(s) => break s,
                Err(e) => {
                    if let Some(status) = sw.try_wait() {
                        return Err(err(format!("exited at start ({status})")));
                    }
                    if start.elapsed() > limit {
                        return Err(err(format!("{}: {e}", path.display())));
                    }
                    std::thread::sleep(Duration::from_millis(20));
                }
            }
        };
        let io = |e: std::io::Error| err(format!("{}: {e}", path.display()));
        s.set_read_timeout(Some(limit)).map_err(io)?;
        let mut w = s.try_clone().map_err(io)?;
        let mut hello = *b"\0SP\0\0\0\0\0";
        hello[4..6].copy_from_slice(&ours.to_be_bytes());
        w.write_all(&hello).map_err(io)?;
        let mut r = BufReader::with_capacity(1 << 16, s);
        let mut peer = [0u8; 8];
        r.read_exact(&mut peer).map_err(io)?;
        if &peer[..4] != b"\0SP\0" || u16::from_be_bytes([peer[4], peer[5]]) != theirs {
            return Err(err(format!(
                "{}: not a nanomsg peer of protocol {theirs} (header {peer:02x?})",
                path.display()
            )));
        }
        Ok(Sp { r, w })
    }

    fn send(&mut self, body: &[u8]) -> std::io::Result<()> {
        let mut m = Vec::with_capacity(9 + body.len());
        m.push(1);
        m.extend((body.len() as u64).to_be_bytes());
        m.extend(body);
        self.w.write_all(&m)
    }

    /// The next message, waiting until `deadline`.
    fn recv(&mut self, deadline: Instant) -> std::io::Result<Vec<u8>> {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() && self.r.buffer().is_empty() {
            return Err(std::io::ErrorKind::TimedOut.into());
        }
        self.r
            .get_ref()
            .set_read_timeout(Some(left.max(Duration::from_millis(1))))?;
        let mut h = [0u8; 9];
        self.r.read_exact(&mut h)?;
        let n = u64::from_be_bytes([h[1], h[2], h[3], h[4], h[5], h[6], h[7], h[8]]);
        if h[0] != 1 || n > MAX_MSG {
            return Err(std::io::Error::new(
                std::io::ErrorKind::InvalidData,
                format!("bad nanomsg frame (type {}, {n} bytes)", h[0]),
            ));
        }
        let mut body = vec![0; n as usize];
        self.r.read_exact(&mut body)?;
        Ok(body)
    }
}

/// What the BMv2 JSON says about the actions that decide a packet's fate.
#[derive(Debug, Default)]
struct Fate {
    ingress: i32,
    egress: i32,
    /// Actions that drop (`mark_to_drop`).
    drops: HashSet<i32>,
    /// Actions that set `egress_spec` to a port.
    forwards: HashSet<i32>,
    /// Actions that recirculate.
    recirculates: HashSet<i32>,
}

impl Fate {
    fn of(json: &serde_json::Value) -> Result<Fate, Bmv2Error> {
        let list = |v: &serde_json::Value| v.as_array().cloned().unwrap_or_default();
        let mut f = Fate {
            ingress: -1,
            egress: -1,
            ..Fate::default()
        };
        for p in list(&json["pipelines"]) {
            let id = p["id"].as_i64().unwrap_or(-1) as i32;
            match p["name"].as_str() {
                Some("ingress") => f.ingress = id,
                Some("egress") => f.egress = id,
                _ => {}
            }
        }
        if f.ingress < 0 || f.egress < 0 {
            return Err(err("the BMv2 JSON has no ingress or egress pipeline"));
        }
        for a in list(&json["actions"]) {
            let id = a["id"].as_i64().unwrap_or(-1) as i32;
            let name = a["name"].as_str().unwrap_or("?");
            let (mut branches, mut decides) = (false, false);
            for p in list(&a["primitives"]) {
                let op = p["op"].as_str().unwrap_or_default();
                let target = &p["parameters"][0]["value"];
                let sets =
                    |f: &str| op == "assign" && target[0] == "standard_metadata" && target[1] == f;
                if op.contains("clone") || op.contains("resubmit") || sets("mcast_grp") {
                    return Err(err(format!(
                        "action `{name}` uses `{op}`: clone, resubmit and multicast are not \
                         supported in lockstep runs"
                    )));
                }
                if op.starts_with("_jump") {
                    branches = true;
                } else if op == "mark_to_drop" || op == "drop" {
                    f.drops.insert(id);
                    f.forwards.remove(&id);
                    decides = true;
                } else if sets("egress_spec") {
                    f.forwards.insert(id);
                    f.drops.remove(&id);
                    decides = true;
                } else if op.starts_with("recirculate") {
                    f.recirculates.insert(id);
                    decides = true;
                }
            }
            if branches && decides {
                return Err(err(format!(
                    "action `{name}` branches and decides where the packet goes: its fate \
                     cannot be read from BMv2's events"
                )));
            }
        }
        Ok(f)
    }
}

/// One pass of a packet through BMv2 (one copy id).
#[derive(Debug, Default, Clone, Copy)]
struct Pass {
    dropped: bool,
    recirculated: bool,
}

/// Counters of a lockstep run.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct LockstepStats {
    /// Packets injected.
    pub packets: u64,
    /// Packets BMv2 sent out.
    pub out: u64,
    /// Runtime-interface operations that mirrored control-plane changes.
    pub writes: u64,
    /// Events read from the event logger.
    pub events: u64,
}

/// A running `simple_switch` that takes one packet at a time and mirrors the
/// model's control-plane changes ([`Applied`]) through its runtime interface.
pub struct Lockstep {
    sw: Running,
    client: thrift::Client,
    names: Names,
    /// Per table (P4 name, write-back tables included): ternary or not.
    ternary: HashMap<String, bool>,
    io: PacketIo,
    /// Entry handles by table and key.
    handles: HashMap<(String, String), i32>,
    /// Runtime-interface operations so far.
    writes: u64,
}

/// Packets into a running BMv2 process one at a time, each followed to its
/// end by the event logger (module documentation): the process was started
/// with `--packet-in ipc://DIR/packets.ipc` and `--nanolog
/// ipc://DIR/events.ipc` ([`PacketIo::args`]); `simple_switch` and
/// `simple_switch_grpc` alike.
pub struct PacketIo {
    dir: PathBuf,
    packets: Sp,
    events: Sp,
    fate: Fate,
    ports: BTreeSet<u16>,
    timeout: Duration,
    /// Packets injected, packets out, events read.
    counts: (u64, u64, u64),
}

/// A key (and priority) as a map key for entry handles; ternary values under
/// their mask.
fn key_id(e: &TableEntry) -> String {
    format!("{} @{}", crate::key_text(e), e.priority)
}

impl Lockstep {
    /// Compiles `program` with p4c and starts `simple_switch` on it in `dir`
    /// (created; keeps the JSON and the switch's stderr) with its runtime
    /// interface on 127.0.0.1:`thrift_port`. Each packet may take at most
    /// `timeout`.
    pub fn start(
        bmv2: &Bmv2,
        p4c: &P4c,
        program: &Program,
        dir: &Path,
        thrift_port: u16,
        timeout: Duration,
    ) -> Result<Lockstep, Bmv2Error> {
        std::fs::create_dir_all(dir).map_err(|e| err(format!("{}: {e}", dir.display())))?;
        let source = p4gen::emit(program, p4gen::Arch::V1model)?;
        let accepted = p4c.compile_bmv2(&source, dir, "program")?;
        let json_path = accepted.json.ok_or_else(|| err("p4c wrote no JSON"))?;
        let json: serde_json::Value = std::fs::read_to_string(&json_path)
            .map_err(|e| err(format!("{}: {e}", json_path.display())))
            .and_then(|t| {
                serde_json::from_str(&t).map_err(|e| err(format!("{}: {e}", json_path.display())))
            })?;
        let names = Names::of(&json)?;
        let mut ternary = HashMap::new();
        for t in &program.tables {
            ternary.insert(t.name.clone(), t.is_ternary());
            ternary.insert(format!("{}_wb", t.name), t.is_ternary());
        }
        let abs = std::fs::canonicalize(dir).map_err(|e| err(format!("{}: {e}", dir.display())))?;
        let mut cmd = Command::new(&bmv2.switch);
        cmd.current_dir(dir)
            .args(PacketIo::args(&abs))
            .arg("--thrift-port")
            .arg(thrift_port.to_string())
            .arg("--device-id")
            .arg(thrift_port.to_string())
            .arg("--notifications-addr")
            .arg(format!("ipc://{}/notifications.ipc", abs.display()))
            .arg(abs.join(json_path.file_name().unwrap_or_default()));
        let log = std::fs::File::create(dir.join("stderr.txt"))
            .map_err(|e| err(format!("{}: {e}", dir.display())))?;
        cmd.stdin(Stdio::null())
            .stdout(
                log.try_clone()
                    .map_err(|e| err(format!("{}: {e}", dir.display())))?,
            )
            .stderr(log);
        let child = cmd
            .spawn()
            .map_err(|e| err(format!("cannot start {}: {e}", bmv2.switch.display())))?;
        let mut sw = Running(Some(child));
        let limit = Duration::from_secs(10);
        wait_for_port(&mut sw, thrift_port, limit)?;
        let io = PacketIo::connect(&abs, &json, &mut sw, timeout)?;
        let client = thrift::Client::connect_ready(
            thrift_port,
            Duration::from_secs(60),
            Duration::from_secs(10),
        )?;
        Ok(Lockstep {
            sw,
            client,
            names,
            ternary,
            io,
            handles: HashMap::new(),
            writes: 0,
        })
    }

    /// Counters so far.
    pub fn stats(&self) -> LockstepStats {
        let (packets, out, events) = self.io.counts;
        LockstepStats {
            packets,
            out,
            writes: self.writes,
            events,
        }
    }

    /// Copies the model's current control-plane state: every entry of every
    /// main table, every non-zero register cell and every configured meter
    /// cell. Call before the first
    /// packet, with the model's write-back tables empty; later changes come
    /// through [`Lockstep::apply`].
    pub fn copy_state(&mut self, model: &Switch) -> Result<(), Bmv2Error> {
        let mut changes = Vec::new();
        for t in &model.program().tables {
            for entry in model.entries(&t.name).map_err(|e| err(e.to_string()))? {
                changes.push(Applied::Insert {
                    table: t.name.clone(),
                    entry,
                });
            }
        }
        for r in &model.program().registers {
            let cells = model
                .register_cells(&r.name)
                .map_err(|e| err(e.to_string()))?;
            for (i, &value) in cells.iter().enumerate() {
                if value != 0 {
                    changes.push(Applied::Register {
                        register: r.name.clone(),
                        index: i as u32,
                        value,
                    });
                }
            }
        }
        self.apply(&changes)?;
        // Meter configurations (a miss-punt meter's rate). BMv2 refills its
        // buckets by its own clock, not by packet time: the colours agree
        // with the model's only while traffic stays within the bursts.
        let mut meters = Vec::new();
        for m in &model.program().meters {
            for i in 0..m.size {
                if let Some(c) = model
                    .meter_config(&m.name, i)
                    .map_err(|e| err(e.to_string()))?
                {
                    meters.push((m.name.clone(), i, c));
                }
            }
        }
        let mut ops = crate::commands(model.program(), &[], &[], &meters, &self.names)?;
        let mut adds = vec![None; ops.len()];
        self.flush(&mut ops, &mut adds)
    }

    /// Makes `changes` (in order) through the runtime interface, pipelined
    /// where no change needs the handle of an entry added in the same round.
    pub fn apply(&mut self, changes: &[Applied]) -> Result<(), Bmv2Error> {
        let mut ops: Vec<thrift::Op> = Vec::new();
        // Adds in `ops` whose handle is not known yet: (table, key) per op.
        let mut adds: Vec<Option<(String, String)>> = Vec::new();
        for c in changes {
            match c {
                Applied::Insert { table, entry } => {
                    let ternary = self.is_ternary(table)?;
                    ops.push(crate::entry_op(table, ternary, entry, &self.names)?);
                    adds.push(Some((table.clone(), key_id(entry))));
                }
                Applied::Modify { table, entry } | Applied::Delete { table, entry } => {
                    let id = (table.clone(), key_id(entry));
                    if !self.handles.contains_key(&id) && adds.iter().flatten().any(|a| *a == id) {
                        self.flush(&mut ops, &mut adds)?;
                    }
                    let handle = *self.handles.get(&id).ok_or_else(|| {
                        err(format!(
                            "table `{table}`: no BMv2 entry for key {} to change",
                            id.1
                        ))
                    })?;
                    let (q, _) = Names::find(&self.names.tables, table)?;
                    if let Applied::Modify { .. } = c {
                        let (action, widths) = Names::find(&self.names.actions, &entry.action)?;
                        let data = entry
                            .args
                            .iter()
                            .zip(widths)
                            .map(|(x, &w)| thrift::bytes_of(*x, w))
                            .collect();
                        ops.push(thrift::Op::ModifyEntry {
                            table: q.clone(),
                            handle,
                            action: action.clone(),
                            data,
                        });
                    } else {
                        self.handles.remove(&id);
                        ops.push(thrift::Op::DeleteEntry {
                            table: q.clone(),
                            handle,
                        });
                    }
                    adds.push(None);
                }
                // The visibility bit of a v1model program is the default
                // action of its one-entry table `tandem_wb_flag`.
                Applied::Register {
                    register,
                    index: 0,
                    value,
                } if register == pipe::WB_VISIBLE
                    && Names::find(&self.names.tables, pipe::WB_FLAG_TABLE).is_ok() =>
                {
                    let (table, _) = Names::find(&self.names.tables, pipe::WB_FLAG_TABLE)?;
                    let (action, _) = Names::find(&self.names.actions, pipe::WB_FLAG_ACTION)?;
                    ops.push(thrift::Op::SetDefaultAction {
                        table: table.clone(),
                        action: action.clone(),
                        data: vec![thrift::bytes_of(*value, 8)],
                    });
                    adds.push(None);
                }
                Applied::Register {
                    register,
                    index,
                    value,
                } => {
                    let value = i64::try_from(*value).map_err(|_| {
                        err(format!(
                            "register `{register}` cell {index}: {value} is 2^63 or more, which \
                             BMv2's runtime interface (signed 64-bit) cannot carry"
                        ))
                    })?;
                    ops.push(thrift::Op::RegisterWrite {
                        register: self.names.register(register)?,
                        index: i32::try_from(*index)
                            .map_err(|_| err(format!("register `{register}`: cell {index}")))?,
                        value,
                    });
                    adds.push(None);
                }
            }
        }
        self.flush(&mut ops, &mut adds)
    }

    fn is_ternary(&self, table: &str) -> Result<bool, Bmv2Error> {
        self.ternary
            .get(table)
            .copied()
            .ok_or_else(|| err(format!("no table `{table}` in the program")))
    }

    fn flush(
        &mut self,
        ops: &mut Vec<thrift::Op>,
        adds: &mut Vec<Option<(String, String)>>,
    ) -> Result<(), Bmv2Error> {
        if ops.is_empty() {
            return Ok(());
        }
        let values = self.client.run_values(ops)?;
        self.writes += ops.len() as u64;
        for (add, v) in adds.drain(..).zip(values) {
            if let Some(id) = add {
                let h = v
                    .and_then(|h| i32::try_from(h).ok())
                    .ok_or_else(|| err("bm_mt_add_entry returned no entry handle"))?;
                self.handles.insert(id, h);
            }
        }
        ops.clear();
        Ok(())
    }

    /// Every cell of a register (P4 name). Cells of 2^63 or more read as
    /// 2^63 − 1 ([`crate::UNREADABLE`]).
    pub fn read_register(&mut self, register: &str) -> Result<Vec<u64>, Bmv2Error> {
        let q = self.names.register(register)?;
        Ok(self
            .client
            .register_read_all(&q)?
            .into_iter()
            .map(|c| c.max(0) as u64)
            .collect())
    }

    /// Sends `frame` into `port` and waits until BMv2 has finished with it
    /// (see the module's documentation); returns what left, (port, frame), in
    /// the order BMv2 sent it.
    pub fn process(&mut self, port: u16, frame: &[u8]) -> Result<Vec<(u16, Vec<u8>)>, Bmv2Error> {
        self.io.process(port, frame)
    }

    /// Whether the switch process is still running.
    pub fn alive(&mut self) -> bool {
        self.sw.try_wait().is_none()
    }
}

impl PacketIo {
    /// The options that give a BMv2 process started in `dir` (absolute) the
    /// sockets [`PacketIo::connect`] takes (stale ones are removed).
    pub fn args(dir: &Path) -> Vec<String> {
        let (packets, events) = (dir.join("packets.ipc"), dir.join("events.ipc"));
        for p in [&packets, &events] {
            let _ = std::fs::remove_file(p);
        }
        vec![
            "--packet-in".into(),
            format!("ipc://{}", packets.display()),
            "--nanolog".into(),
            format!("ipc://{}", events.display()),
        ]
    }

    /// Connects to the sockets of the switch `sw` started in `dir` with
    /// [`PacketIo::args`], running the program of BMv2 JSON `json` (which
    /// says which actions drop, forward or recirculate). Each packet may
    /// take at most `timeout`.
    pub(crate) fn connect(
        dir: &Path,
        json: &serde_json::Value,
        sw: &mut Running,
        timeout: Duration,
    ) -> Result<PacketIo, Bmv2Error> {
        let fate = Fate::of(json)?;
        let limit = Duration::from_secs(10);
        let events = Sp::connect(&dir.join("events.ipc"), NN_SUB, NN_PUB, sw, limit)?;
        let packets = Sp::connect(&dir.join("packets.ipc"), NN_PAIR, NN_PAIR, sw, limit)?;
        Ok(PacketIo {
            dir: dir.to_path_buf(),
            packets,
            events,
            fate,
            ports: BTreeSet::new(),
            timeout,
            counts: (0, 0, 0),
        })
    }

    /// Sends `frame` into `port` and waits until BMv2 has finished with it
    /// (see the module's documentation); returns what left, (port, frame), in
    /// the order BMv2 sent it.
    pub fn process(&mut self, port: u16, frame: &[u8]) -> Result<Vec<(u16, Vec<u8>)>, Bmv2Error> {
        let io = |e: std::io::Error| err(format!("packet socket: {e}"));
        if self.ports.insert(port) {
            let mut m = Vec::with_capacity(12);
            for x in [MSG_PORT_ADD, i32::from(port), 0] {
                m.extend(x.to_le_bytes());
            }
            self.packets.send(&m).map_err(io)?;
        }
        let len = i32::try_from(frame.len()).map_err(|_| err("frame too long"))?;
        let mut m = Vec::with_capacity(12 + frame.len());
        for x in [MSG_PACKET_IN, i32::from(port), len] {
            m.extend(x.to_le_bytes());
        }
        m.extend(frame);
        self.packets.send(&m).map_err(io)?;
        self.counts.0 += 1;
        let n = self.counts.0;
        let deadline = Instant::now() + self.timeout;

        let mut expected = 1u32;
        let mut open: HashMap<(u64, u64), Pass> = HashMap::new();
        let mut finished: HashSet<(u64, u64)> = HashSet::new();
        let mut sent = 0usize;
        while expected > 0 || !open.is_empty() {
            let ev = self.events.recv(deadline).map_err(|e| {
                err(format!(
                    "packet {n} (port {port}) not finished within {:?} ({e}); {} passes open, \
                     {expected} expected; its stderr: {}",
                    self.timeout,
                    open.len(),
                    stderr_tail(&self.dir)
                ))
            })?;
            self.counts.2 += 1;
            if ev.len() < EV_HEADER {
                continue;
            }
            let i32_at = |at: usize| {
                ev.get(at..at + 4)
                    .map_or(-1, |b| i32::from_le_bytes([b[0], b[1], b[2], b[3]]))
            };
            let u64_at = |at: usize| {
                let mut b = [0u8; 8];
                b.copy_from_slice(&ev[at..at + 8]);
                u64::from_le_bytes(b)
            };
            let ty = i32_at(0);
            if !(EV_PACKET_IN..=EV_ACTION_EXECUTE).contains(&ty) {
                continue;
            }
            let key = (u64_at(24), u64_at(32));
            if finished.contains(&key) {
                return Err(err(format!(
                    "packet {n}: event {ty} for a pass that had finished (id {}, copy {})",
                    key.0, key.1
                )));
            }
            if let std::collections::hash_map::Entry::Vacant(slot) = open.entry(key) {
                if expected == 0 {
                    return Err(err(format!(
                        "packet {n}: BMv2 reports a packet nobody sent (id {}, copy {})",
                        key.0, key.1
                    )));
                }
                expected -= 1;
                slot.insert(Pass::default());
            }
            let arg = i32_at(EV_HEADER);
            let pass = open.get_mut(&key).map_or(Pass::default(), |p| {
                match ty {
                    EV_PIPELINE_START if arg == self.fate.ingress => *p = Pass::default(),
                    EV_PIPELINE_START => p.dropped = false,
                    EV_ACTION_EXECUTE => {
                        if self.fate.drops.contains(&arg) {
                            p.dropped = true;
                        } else if self.fate.forwards.contains(&arg) {
                            p.dropped = false;
                        }
                        if self.fate.recirculates.contains(&arg) {
                            p.recirculated = true;
                        }
                    }
                    _ => {}
                }
                *p
            });
            let done = match ty {
                EV_PIPELINE_DONE => {
                    pass.dropped && (arg == self.fate.ingress || arg == self.fate.egress)
                }
                EV_DEPARSER_DONE if pass.recirculated => {
                    expected += 1;
                    true
                }
                EV_PACKET_OUT => {
                    sent += 1;
                    true
                }
                _ => false,
            };
            if done {
                open.remove(&key);
                finished.insert(key);
            }
        }
        let mut out = Vec::with_capacity(sent);
        for _ in 0..sent {
            let m = self.packets.recv(deadline).map_err(|e| {
                err(format!(
                    "packet {n}: BMv2 logged a transmission that did not arrive ({e})"
                ))
            })?;
            let word = |at: usize| {
                m.get(at..at + 4)
                    .map_or(-1, |b| i32::from_le_bytes([b[0], b[1], b[2], b[3]]))
            };
            if m.len() < 12 || word(0) != MSG_PACKET_OUT {
                return Err(err(format!(
                    "packet {n}: unexpected message on the packet socket (type {})",
                    word(0)
                )));
            }
            let p = u16::try_from(word(4)).map_err(|_| err("output port out of range"))?;
            out.push((p, m[12..].to_vec()));
        }
        self.counts.1 += out.len() as u64;
        Ok(out)
    }

    /// Packets injected and packets out so far.
    pub fn counts(&self) -> (u64, u64) {
        (self.counts.0, self.counts.1)
    }
}

/// A free TCP port on 127.0.0.1 for a switch's runtime interface (the
/// kernel's choice; another process could take it before the switch does,
/// which shows as a clear start-up error).
pub fn free_port() -> Result<u16, Bmv2Error> {
    let l = std::net::TcpListener::bind(("127.0.0.1", 0))
        .map_err(|e| err(format!("no free TCP port on 127.0.0.1: {e}")))?;
    l.local_addr()
        .map(|a| a.port())
        .map_err(|e| err(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn json_with(actions: serde_json::Value) -> serde_json::Value {
        json!({
            "pipelines": [{"name": "ingress", "id": 0}, {"name": "egress", "id": 1}],
            "actions": actions,
        })
    }

    fn assign(field: &str) -> serde_json::Value {
        json!({"op": "assign", "parameters": [
            {"type": "field", "value": ["standard_metadata", field]},
            {"type": "hexstr", "value": "0x0001"}
        ]})
    }

    #[test]
    fn the_json_says_which_actions_drop_forward_and_recirculate() {
        let f = Fate::of(&json_with(json!([
            {"name": "drop", "id": 3, "primitives": [{"op": "mark_to_drop", "parameters": []}]},
            {"name": "fwd", "id": 4, "primitives": [assign("egress_spec")]},
            {"name": "rec", "id": 5, "primitives": [{"op": "recirculate", "parameters": []}]},
            {"name": "other", "id": 6, "primitives": [assign("egress_port"), {"op": "_jump", "parameters": []}]},
            // The last writer of the action decides.
            {"name": "both", "id": 7, "primitives": [{"op": "mark_to_drop", "parameters": []}, assign("egress_spec")]},
        ])))
        .unwrap();
        assert_eq!((f.ingress, f.egress), (0, 1));
        assert_eq!(f.drops, HashSet::from([3]));
        assert_eq!(f.forwards, HashSet::from([4, 7]));
        assert_eq!(f.recirculates, HashSet::from([5]));
    }

    #[test]
    fn actions_whose_effect_events_cannot_show_are_refused() {
        for (prims, why) in [
            (
                json!([{"op": "_jump_if_zero", "parameters": []}, {"op": "mark_to_drop", "parameters": []}]),
                "branches",
            ),
            (
                json!([{"op": "clone_ingress_pkt_to_egress", "parameters": []}]),
                "clone",
            ),
            (json!([assign("mcast_grp")]), "multicast"),
        ] {
            let e = Fate::of(&json_with(
                json!([{"name": "a", "id": 1, "primitives": prims}]),
            ))
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
            assert!(e.contains(why) && e.contains("`a`"), "{e}");
        }
        let e = Fate::of(&json!({"pipelines": [], "actions": []}))
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(e.contains("no ingress or egress pipeline"), "{e}");
    }

    #[test]
    fn keys_are_told_apart_by_value_under_mask_and_priority() {
        let t = |value: u64, mask: u64, priority: u32| TableEntry {
            key: vec![pipe::KeyMatch::Ternary { value, mask }],
            action: "a".into(),
            args: vec![1],
            priority,
        };
        assert_eq!(key_id(&t(0x1f, 0xf0, 2)), key_id(&t(0x10, 0xf0, 2)));
        assert_ne!(key_id(&t(0x10, 0xf0, 2)), key_id(&t(0x10, 0xf0, 3)));
        assert_ne!(key_id(&t(0x10, 0xf0, 2)), key_id(&t(0x20, 0xf0, 2)));
        assert_ne!(
            key_id(&TableEntry::exact(&[1, 2], "a", &[])),
            key_id(&TableEntry::exact(&[12], "a", &[]))
        );
    }

    #[test]
    fn nanomsg_frames_round_trip_over_a_unix_socket() {
        let dir = std::env::temp_dir().join(format!("tandem-sp-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("s.ipc");
        let listener = std::os::unix::net::UnixListener::bind(&path).unwrap();
        // A PUB peer: answers the handshake, then sends two messages.
        let peer = std::thread::spawn(move || {
            let (mut s, _) = listener.accept().unwrap();
            let mut hello = [0u8; 8];
            s.read_exact(&mut hello).unwrap();
            s.write_all(b"\0SP\0\x00\x20\0\0").unwrap();
            for body in [&b"abc"[..], &[7u8; 300][..]] {
                s.write_all(&[1]).unwrap();
                s.write_all(&(body.len() as u64).to_be_bytes()).unwrap();
                s.write_all(body).unwrap();
            }
            hello
        });
        let mut sw = Running(None);
        let mut sp = Sp::connect(&path, NN_SUB, NN_PUB, &mut sw, Duration::from_secs(5)).unwrap();
        let deadline = Instant::now() + Duration::from_secs(5);
        assert_eq!(sp.recv(deadline).unwrap(), b"abc");
        assert_eq!(sp.recv(deadline).unwrap(), vec![7u8; 300]);
        // Our handshake announced SUB (33).
        assert_eq!(peer.join().unwrap(), *b"\0SP\0\x00\x21\0\0");
        // Nothing more: the peer closed.
        assert!(
            sp.recv(Instant::now() + Duration::from_millis(200))
                .is_err()
        );
        // A peer of the wrong protocol is refused.
        let listener = std::os::unix::net::UnixListener::bind(dir.join("t.ipc")).unwrap();
        let peer = std::thread::spawn(move || {
            let (mut s, _) = listener.accept().unwrap();
            s.write_all(b"\0SP\0\x00\x10\0\0").unwrap();
            let mut hello = [0u8; 8];
            let _ = s.read_exact(&mut hello);
        });
        let e = Sp::connect(
            &dir.join("t.ipc"),
            NN_SUB,
            NN_PUB,
            &mut sw,
            Duration::from_secs(5),
        )
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default();
        assert!(e.contains("not a nanomsg peer of protocol 32"), "{e}");
        peer.join().unwrap();
        let _ = std::fs::remove_dir_all(&dir);
    }
}
