//! A P4Runtime server over Tandem's switch model.
//!
//! One [`Device`] holds the loaded program, its [`pipe::Switch`] and the
//! arbitration state behind one mutex: the switch model is single-writer, and
//! every RPC (a whole `Write` batch, a `Read`, a packet-out, an idle-timeout
//! poll) runs as one critical section of plain synchronous model calls, never
//! across an `.await`. So a `Write` is applied as a unit with respect to packets
//! (no packet is processed in the middle of it), and reads see a consistent
//! switch. The lock is held for microseconds per entry; gRPC I/O happens outside.
//!
//! **Replicas** ([`Device::with_workers`]): a switch daemon whose data path
//! runs on several threads gives each its own copy of the switch (worker 0's
//! is the one above; the others each behind a lock of their own), so that
//! packets on different threads do not wait for one lock. Every Write is
//! applied to every copy, in the same order (the main lock is held until the
//! last copy has it), and answered only then: a client that releases a
//! packet once its Write is acknowledged knows every copy shows the change.
//! Reads of tables and registers answer from the first copy (the control
//! plane keeps them equal), counters are summed over the copies, and an
//! entry is idle only when it is idle in every copy
//! (`pipe::Switch::absorb_hits`). What packets write — registers, meters —
//! stays each copy's own, as on a switch with several pipes (Tofino's
//! registers and meters are per pipe): [`packet_state`] names the registers,
//! and a daemon refuses several workers for such a program; a meter polices
//! each copy's packets apart.
//!
//! Time is an input ([`Clock`]): `tandem switch --grpc` passes the wall clock
//! since start, tests pass a clock they move by hand. The model's control
//! channel latencies are set to zero: the real latency is the gRPC round trip.

use std::collections::BTreeMap;
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use prost::Message;
use tokio::sync::mpsc;
use tokio_stream::{Stream, StreamExt};
use tonic::{Request, Response, Status, Streaming};

use pipe::{Latency, Program, Switch, Verdict};

use crate::p4info::{INGRESS_PORT_METADATA_ID, p4info};
use crate::proto::google::rpc;
use crate::proto::p4::config::v1 as cfg;
use crate::proto::p4::v1 as p4;
use crate::proto::p4::v1::p4_runtime_server::{P4Runtime, P4RuntimeServer};
use crate::schema::{Refusal, Schema};
use crate::value;

/// The P4Runtime API version the schema is (PyPI `p4runtime` 1.4.1).
pub const API_VERSION: &str = "1.4.1";

/// Bound of each stream's outgoing queue; messages past it are dropped and
/// counted ([`Counters::stream_overflow`]).
pub const STREAM_QUEUE: usize = 1024;

/// Model time now (monotonic).
pub type Clock = Arc<dyn Fn() -> Duration + Send + Sync>;

/// Counters a user can read to see what the device did.
#[derive(Debug, Default)]
pub struct Counters {
    /// Packet-outs injected.
    pub packet_outs: AtomicU64,
    /// Packet-ins sent to the primary client.
    pub packet_ins: AtomicU64,
    /// Packets the program emitted on a port other than the CPU port (the
    /// daemon has no interfaces bound; they are counted only).
    pub emitted: AtomicU64,
    /// Packets the program dropped.
    pub dropped: AtomicU64,
    /// Packet-ins or notifications lost: no primary client, or its queue full.
    pub stream_overflow: AtomicU64,
    /// Idle-timeout notifications sent.
    pub idle_notifications: AtomicU64,
    /// Write RPCs to the loaded program (applied, in whole or in part, or
    /// refused update by update).
    pub writes: AtomicU64,
    /// Updates those Writes carried.
    pub write_updates: AtomicU64,
    /// Write RPCs refused in whole or in part.
    pub write_failures: AtomicU64,
}

struct Loaded {
    schema: Schema,
    info: cfg::P4Info,
    device_config: Vec<u8>,
    cookie: Option<u64>,
    switch: Switch,
}

struct Client {
    election_id: u128,
    tx: mpsc::Sender<Result<p4::StreamMessageResponse, Status>>,
}

#[derive(Default)]
struct Arbitration {
    next_stream: u64,
    /// Open streams that have sent an arbitration update, by stream number.
    clients: BTreeMap<u64, Client>,
}

impl Arbitration {
    fn primary(&self) -> Option<(u64, u128)> {
        self.clients
            .iter()
            .max_by_key(|(_, c)| c.election_id)
            .map(|(s, c)| (*s, c.election_id))
    }
}

struct Inner {
    loaded: Option<Loaded>,
    saved: Option<Loaded>,
    arbitration: Arbitration,
}

/// The switch behind the P4Runtime service.
pub struct Device {
    device_id: u64,
    clock: Clock,
    inner: Mutex<Inner>,
    /// Copies of the loaded switch for data-path workers 1.. (worker 0's is
    /// `inner.loaded`); locked after `inner` when both are.
    replicas: Vec<Mutex<Option<Switch>>>,
    /// Whether some client is primary (for workers that do not take `inner`).
    primary: std::sync::atomic::AtomicBool,
    counters: Counters,
}

impl std::fmt::Debug for Device {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Device")
            .field("device_id", &self.device_id)
            .field("counters", &self.counters)
            .finish_non_exhaustive()
    }
}

fn u128_of(id: Option<&p4::Uint128>) -> u128 {
    id.map_or(0, |x| (u128::from(x.high) << 64) | u128::from(x.low))
}

fn uint128(v: u128) -> p4::Uint128 {
    p4::Uint128 {
        high: (v >> 64) as u64,
        low: v as u64,
    }
}

fn status_of(code: tonic::Code, message: &str) -> rpc::Status {
    rpc::Status {
        code: code as i32,
        message: message.to_string(),
        details: Vec::new(),
    }
}

/// The program a device config holds: a `pipe` program as JSON (what
/// `tandem compile` writes as `switch.pipe.json`).
pub fn program_from_device_config(bytes: &[u8]) -> Result<Program, String> {
    let program: Program = serde_json::from_slice(bytes)
        .map_err(|e| format!("p4_device_config is not a pipe program (JSON): {e}"))?;
    program
        .validate()
        .map_err(|e| format!("p4_device_config: the program is not valid: {e}"))?;
    Ok(program)
}

impl Device {
    /// A device with no program until a client sets one (or [`Device::load`]).
    pub fn new(device_id: u64, clock: Clock) -> Device {
        Device::with_workers(device_id, clock, 1)
    }

    /// A device whose data path runs on `workers` threads
    /// ([`Device::process_on`]), each with its own copy of the switch
    /// (module docs, "Replicas").
    pub fn with_workers(device_id: u64, clock: Clock, workers: usize) -> Device {
        Device {
            device_id,
            clock,
            inner: Mutex::new(Inner {
                loaded: None,
                saved: None,
                arbitration: Arbitration::default(),
            }),
            replicas: (1..workers.max(1)).map(|_| Mutex::new(None)).collect(),
            primary: std::sync::atomic::AtomicBool::new(false),
            counters: Counters::default(),
        }
    }

    /// Data-path workers (copies of the switch).
    pub fn workers(&self) -> usize {
        1 + self.replicas.len()
    }

    /// Loads `program` as if a client had committed it.
    pub fn load(&self, program: Program) -> Result<(), String> {
        let device_config = serde_json::to_vec(&program).map_err(|e| e.to_string())?;
        let loaded = Self::prepare(program, device_config, None)?;
        let mut inner = self.lock();
        inner.loaded = Some(loaded);
        self.copy_to_replicas(&inner);
        Ok(())
    }

    /// Makes every replica a copy of the loaded switch (after a program was
    /// loaded or changed outside a Write).
    fn copy_to_replicas(&self, inner: &Inner) {
        for r in &self.replicas {
            *lock_replica(r) = inner.loaded.as_ref().map(|l| l.switch.clone());
        }
    }

    /// The device's clock now.
    pub fn now(&self) -> Duration {
        (self.clock)()
    }

    /// What the device counted so far.
    pub fn counters(&self) -> &Counters {
        &self.counters
    }

    /// Runs one frame that arrived on `in_port` through the switch at the
    /// clock's time (the data path of a switch daemon with interfaces: the
    /// same switch, under the same lock, as the P4Runtime calls). Also says
    /// whether a client is primary now (a daemon drops what it would send to
    /// the server while none is). Err when no program is loaded or the
    /// frame cannot be processed.
    pub fn process(&self, in_port: u16, frame: &[u8]) -> Result<(pipe::Output, bool), String> {
        let mut inner = self.lock();
        let now = (self.clock)();
        let primary = inner.arbitration.primary().is_some();
        let Some(loaded) = inner.loaded.as_mut() else {
            return Err("no pipeline config: set one first".into());
        };
        let out = loaded
            .switch
            .process(now, in_port, frame)
            .map_err(|e| e.to_string())?;
        Ok((out, primary))
    }

    /// [`Device::process`] on data-path worker `worker`'s copy of the
    /// switch (worker 0: the same as `process`; the others take only their
    /// copy's lock).
    pub fn process_on(
        &self,
        worker: usize,
        in_port: u16,
        frame: &[u8],
    ) -> Result<(pipe::Output, bool), String> {
        if worker == 0 {
            return self.process(in_port, frame);
        }
        let r = self
            .replicas
            .get(worker - 1)
            .ok_or_else(|| format!("no data-path worker {worker}"))?;
        let mut g = lock_replica(r);
        let now = (self.clock)();
        let Some(sw) = g.as_mut() else {
            return Err("no pipeline config: set one first".into());
        };
        let out = sw.process(now, in_port, frame).map_err(|e| e.to_string())?;
        Ok((out, self.primary.load(Ordering::Relaxed)))
    }

    /// Whether some client is primary.
    pub fn has_primary(&self) -> bool {
        self.lock().arbitration.primary().is_some()
    }

    /// Runs `f` on the loaded switch (None: no program), e.g. to read its
    /// tables for a status line. With several workers this is worker 0's
    /// copy: its tables and registers are every copy's, its packet counters
    /// its own ([`Device::data_plane_stats`] sums them).
    pub fn with_switch<R>(&self, f: impl FnOnce(&Switch) -> R) -> Option<R> {
        self.lock().loaded.as_ref().map(|l| f(&l.switch))
    }

    /// Runs `f` on data-path worker `worker`'s copy of the switch (None: no
    /// program, or no such worker).
    pub fn with_switch_on<R>(&self, worker: usize, f: impl FnOnce(&Switch) -> R) -> Option<R> {
        if worker == 0 {
            return self.with_switch(f);
        }
        lock_replica(self.replicas.get(worker - 1)?).as_ref().map(f)
    }

    /// The switch's packet counters, summed over the workers' copies.
    pub fn data_plane_stats(&self) -> Option<pipe::Stats> {
        let inner = self.lock();
        let mut st = inner.loaded.as_ref()?.switch.stats().clone();
        for r in &self.replicas {
            if let Some(sw) = lock_replica(r).as_ref() {
                let o = sw.stats();
                st.packets_in += o.packets_in;
                st.packets_out += o.packets_out;
                st.to_cpu += o.to_cpu;
                st.dropped += o.dropped;
                st.recirculations += o.recirculations;
                st.index_errors += o.index_errors;
            }
        }
        Some(st)
    }

    /// Every table's entries (in the first copy: every copy holds the same)
    /// and its lookups summed over the workers' copies, in the program's
    /// order; None while no program is loaded.
    pub fn table_stats(&self) -> Option<Vec<pipe::TableStats>> {
        let inner = self.lock();
        let mut out = inner.loaded.as_ref()?.switch.table_stats();
        for r in &self.replicas {
            if let Some(sw) = lock_replica(r).as_ref() {
                for (t, (_, l)) in out.iter_mut().zip(sw.table_lookups()) {
                    t.lookups.hits += l.hits;
                    t.lookups.misses += l.misses;
                }
            }
        }
        Some(out)
    }

    /// Runs `f` on the loaded switch with write access (None: no program),
    /// e.g. to install a program's initial state before traffic. The other
    /// workers' copies become copies of the result (their own packet
    /// counters and packet-written state start over).
    pub fn with_switch_mut<R>(&self, f: impl FnOnce(&mut Switch) -> R) -> Option<R> {
        let mut inner = self.lock();
        let r = inner.loaded.as_mut().map(|l| f(&mut l.switch));
        self.copy_to_replicas(&inner);
        r
    }

    fn prepare(
        program: Program,
        device_config: Vec<u8>,
        cookie: Option<u64>,
    ) -> Result<Loaded, String> {
        let info = p4info(&program).map_err(|e| e.to_string())?;
        let mut switch = Switch::new(program.clone()).map_err(|e| e.to_string())?;
        switch.set_latency(Latency {
            table_op: Duration::ZERO,
            register_op: Duration::ZERO,
            packet_out: Duration::ZERO,
            packet_in: Duration::ZERO,
            channel: pipe::Channel::Serial,
        });
        Ok(Loaded {
            schema: Schema::new(program),
            info,
            device_config,
            cookie,
            switch,
        })
    }

    fn lock(&self) -> MutexGuard<'_, Inner> {
        // A panic while holding the lock would be a bug; the state is still
        // the last consistent one, so keep serving.
        self.inner
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    fn check_device(&self, device_id: u64) -> Result<(), Status> {
        if device_id == self.device_id {
            Ok(())
        } else {
            Err(Status::not_found(format!(
                "no device {device_id} (this server is device {})",
                self.device_id
            )))
        }
    }

    fn check_primary(&self, inner: &Inner, role: &str, election_id: u128) -> Result<(), Status> {
        if !role.is_empty() {
            return Err(Status::unimplemented(format!(
                "role `{role}`: only the default role is supported"
            )));
        }
        match inner.arbitration.primary() {
            Some((_, id)) if id == election_id => Ok(()),
            Some((_, id)) => Err(Status::permission_denied(format!(
                "election id {election_id} is not the primary's ({id})"
            ))),
            None => Err(Status::permission_denied(
                "no primary client: open a StreamChannel and send an arbitration update first",
            )),
        }
    }

    /// Sends `msg` to the primary client's stream (counted as lost if none).
    fn to_primary(&self, inner: &Inner, msg: p4::StreamMessageResponse) -> bool {
        let sent = inner
            .arbitration
            .primary()
            .and_then(|(s, _)| inner.arbitration.clients.get(&s))
            .is_some_and(|c| c.tx.try_send(Ok(msg)).is_ok());
        if !sent {
            self.counters
                .stream_overflow
                .fetch_add(1, Ordering::Relaxed);
        }
        sent
    }

    /// Tells every client who is primary now (spec §5.3).
    fn announce(&self, inner: &Inner) {
        let Some((primary, id)) = inner.arbitration.primary() else {
            return;
        };
        for (s, c) in &inner.arbitration.clients {
            let code = if *s == primary {
                tonic::Code::Ok
            } else {
                tonic::Code::AlreadyExists
            };
            let msg = p4::StreamMessageResponse {
                update: Some(p4::stream_message_response::Update::Arbitration(
                    p4::MasterArbitrationUpdate {
                        device_id: self.device_id,
                        role: None,
                        election_id: Some(uint128(id)),
                        status: Some(status_of(
                            code,
                            if code == tonic::Code::Ok {
                                "primary"
                            } else {
                                "backup: a client with a higher election id is primary"
                            },
                        )),
                    },
                )),
            };
            if c.tx.try_send(Ok(msg)).is_err() {
                self.counters
                    .stream_overflow
                    .fetch_add(1, Ordering::Relaxed);
            }
        }
    }

    fn arbitrate(
        &self,
        stream: u64,
        tx: &mpsc::Sender<Result<p4::StreamMessageResponse, Status>>,
        a: &p4::MasterArbitrationUpdate,
    ) -> Result<(), Status> {
        self.check_device(a.device_id)?;
        if a.role.as_ref().is_some_and(|r| !r.name.is_empty()) {
            return Err(Status::unimplemented(
                "roles: only the default role is supported",
            ));
        }
        let id = u128_of(a.election_id.as_ref());
        let mut inner = self.lock();
        if inner
            .arbitration
            .clients
            .iter()
            .any(|(s, c)| *s != stream && c.election_id == id)
        {
            return Err(Status::invalid_argument(format!(
                "election id {id} is already used by another client"
            )));
        }
        inner.arbitration.clients.insert(
            stream,
            Client {
                election_id: id,
                tx: tx.clone(),
            },
        );
        self.primary.store(true, Ordering::Relaxed);
        self.announce(&inner);
        Ok(())
    }

    fn stream_closed(&self, stream: u64) {
        let mut inner = self.lock();
        let was_primary = inner.arbitration.primary().map(|(s, _)| s) == Some(stream);
        inner.arbitration.clients.remove(&stream);
        self.primary
            .store(inner.arbitration.primary().is_some(), Ordering::Relaxed);
        if was_primary {
            self.announce(&inner);
        }
    }

    fn packet_out(&self, stream: u64, p: &p4::PacketOut) -> Result<(), String> {
        let mut inner = self.lock();
        if inner.arbitration.primary().map(|(s, _)| s) != Some(stream) {
            return Err("packet-out from a client that is not primary".into());
        }
        let now = (self.clock)();
        let Some(loaded) = inner.loaded.as_mut() else {
            return Err("no pipeline config: set one first".into());
        };
        let cpu = loaded.schema.program().cpu_port;
        let mut port = cpu;
        for m in &p.metadata {
            if m.metadata_id != INGRESS_PORT_METADATA_ID {
                return Err(format!("packet_out has no metadata id {}", m.metadata_id));
            }
            let v = value::decode(&m.value, 9, "packet_out metadata `ingress_port`")?;
            port = v as u16;
        }
        let out = loaded
            .switch
            .process(now, port, &p.payload)
            .map_err(|e| e.to_string())?;
        self.counters.packet_outs.fetch_add(1, Ordering::Relaxed);
        match out.verdict {
            Verdict::Emit { port: o } if o == cpu => {
                let msg = p4::StreamMessageResponse {
                    update: Some(p4::stream_message_response::Update::Packet(p4::PacketIn {
                        payload: out.bytes,
                        metadata: vec![p4::PacketMetadata {
                            metadata_id: INGRESS_PORT_METADATA_ID,
                            value: value::encode(u64::from(port), 9),
                        }],
                    })),
                };
                if self.to_primary(&inner, msg) {
                    self.counters.packet_ins.fetch_add(1, Ordering::Relaxed);
                }
            }
            Verdict::Emit { .. } => {
                self.counters.emitted.fetch_add(1, Ordering::Relaxed);
            }
            Verdict::Drop(_) => {
                self.counters.dropped.fetch_add(1, Ordering::Relaxed);
            }
        }
        Ok(())
    }

    /// Checks idle timeouts at the clock's time and notifies the primary
    /// client; returns how many entries were reported.
    pub fn poll_idle(&self) -> usize {
        let mut inner = self.lock();
        let now = (self.clock)();
        let Some(loaded) = inner.loaded.as_mut() else {
            return 0;
        };
        // Idle only where idle in every copy.
        for r in &self.replicas {
            if let Some(sw) = lock_replica(r).as_mut() {
                loaded.switch.absorb_hits(now, sw);
            }
        }
        let idle = loaded.switch.poll_idle(now);
        if idle.is_empty() {
            return 0;
        }
        let entries: Vec<p4::TableEntry> = idle
            .iter()
            .filter_map(|n| {
                let t = loaded.schema.table_index(&n.table)?;
                let mut e = loaded.schema.entry_to_p4(t, &n.entry);
                e.time_since_last_hit = Some(p4::table_entry::IdleTimeout {
                    elapsed_ns: i64::try_from(now.saturating_sub(n.last_hit).as_nanos())
                        .unwrap_or(i64::MAX),
                });
                Some(e)
            })
            .collect();
        let n = entries.len();
        let msg = p4::StreamMessageResponse {
            update: Some(
                p4::stream_message_response::Update::IdleTimeoutNotification(
                    p4::IdleTimeoutNotification {
                        table_entry: entries,
                        timestamp: i64::try_from(now.as_nanos()).unwrap_or(i64::MAX),
                    },
                ),
            ),
        };
        if self.to_primary(&inner, msg) {
            self.counters
                .idle_notifications
                .fetch_add(n as u64, Ordering::Relaxed);
        }
        n
    }

    fn write(&self, req: &p4::WriteRequest) -> Result<(), Status> {
        self.check_device(req.device_id)?;
        let mut inner = self.lock();
        self.check_primary(&inner, &req.role, u128_of(req.election_id.as_ref()))?;
        let now = (self.clock)();
        let Some(loaded) = inner.loaded.as_mut() else {
            return Err(Status::failed_precondition(
                "no pipeline config: SetForwardingPipelineConfig first",
            ));
        };
        use p4::write_request::Atomicity;
        let atomicity = Atomicity::try_from(req.atomicity);
        let results = match atomicity {
            Ok(Atomicity::ContinueOnError) => req
                .updates
                .iter()
                .map(|u| apply(&loaded.schema, &mut loaded.switch, now, u))
                .collect(),
            // One update cannot fail halfway: no copy needed.
            Ok(Atomicity::RollbackOnError) if req.updates.len() <= 1 => req
                .updates
                .iter()
                .map(|u| apply(&loaded.schema, &mut loaded.switch, now, u))
                .collect(),
            Ok(Atomicity::RollbackOnError) => {
                // The switch as it was, restored if any update fails (a copy
                // of its tables and registers: O(installed state) per Write).
                let before = loaded.switch.clone();
                let mut results: Vec<Result<(), Refusal>> = Vec::new();
                let mut failed = false;
                for u in &req.updates {
                    if failed {
                        results.push(Err(aborted()));
                        continue;
                    }
                    let r = apply(&loaded.schema, &mut loaded.switch, now, u);
                    failed = r.is_err();
                    results.push(r);
                }
                if failed {
                    loaded.switch = before;
                    for r in &mut results {
                        if r.is_ok() {
                            *r = Err(aborted());
                        }
                    }
                }
                results
            }
            Ok(Atomicity::DataplaneAtomic) => {
                dataplane_atomic(&loaded.schema, &mut loaded.switch, now, &req.updates)
            }
            Err(_) => {
                return Err(Status::invalid_argument(format!(
                    "unknown atomicity {}",
                    req.atomicity
                )));
            }
        };
        // The other copies take the same Write, still under the main lock (so
        // every copy sees the Writes in one order), before it is answered.
        // They hold what the first copy held before it, so each update meets
        // the same outcome; a Write that changed nothing is not repeated.
        if !self.replicas.is_empty() && results.iter().any(Result::is_ok) {
            for r in &self.replicas {
                let mut g = lock_replica(r);
                let Some(sw) = g.as_mut() else { continue };
                if atomicity == Ok(Atomicity::DataplaneAtomic) {
                    let _ = dataplane_atomic(&loaded.schema, sw, now, &req.updates);
                } else {
                    for u in &req.updates {
                        let _ = apply(&loaded.schema, sw, now, u);
                    }
                }
            }
        }
        drop(inner);
        let c = &self.counters;
        c.writes.fetch_add(1, Ordering::Relaxed);
        c.write_updates
            .fetch_add(req.updates.len() as u64, Ordering::Relaxed);
        if results.iter().any(Result::is_err) {
            c.write_failures.fetch_add(1, Ordering::Relaxed);
        }
        write_status(&results)
    }

    fn read(&self, req: &p4::ReadRequest) -> Result<Vec<p4::Entity>, Status> {
        self.check_device(req.device_id)?;
        let inner = self.lock();
        let Some(loaded) = inner.loaded.as_ref() else {
            return Err(Status::failed_precondition(
                "no pipeline config: SetForwardingPipelineConfig first",
            ));
        };
        let guards: Vec<MutexGuard<'_, Option<Switch>>> =
            self.replicas.iter().map(lock_replica).collect();
        let others: Vec<&Switch> = guards.iter().filter_map(|g| g.as_ref()).collect();
        let now = (self.clock)();
        let mut out = Vec::new();
        for e in &req.entities {
            read_entity(loaded, &others, now, e, &mut out)
                .map_err(|r| Status::new(r.code, r.message))?;
        }
        Ok(out)
    }

    fn set_pipeline(&self, req: &p4::SetForwardingPipelineConfigRequest) -> Result<(), Status> {
        use p4::set_forwarding_pipeline_config_request::Action;
        self.check_device(req.device_id)?;
        let action = Action::try_from(req.action)
            .map_err(|_| Status::invalid_argument(format!("unknown action {}", req.action)))?;
        {
            let inner = self.lock();
            self.check_primary(&inner, &req.role, u128_of(req.election_id.as_ref()))?;
        }
        if action == Action::Commit {
            let mut inner = self.lock();
            let saved = inner.saved.take().ok_or_else(|| {
                Status::failed_precondition("COMMIT without a config saved by VERIFY_AND_SAVE")
            })?;
            inner.loaded = Some(saved);
            self.copy_to_replicas(&inner);
            return Ok(());
        }
        let config = req
            .config
            .as_ref()
            .ok_or_else(|| Status::invalid_argument("no config"))?;
        let program = program_from_device_config(&config.p4_device_config)
            .map_err(Status::invalid_argument)?;
        let derived = p4info(&program).map_err(|e| Status::invalid_argument(e.to_string()))?;
        if let Some(given) = &config.p4info {
            if let Some(diff) = p4info_difference(given, &derived) {
                return Err(Status::invalid_argument(format!(
                    "the P4Info does not describe the program in p4_device_config: {diff}"
                )));
            }
        }
        let cookie = config.cookie.as_ref().map(|c| c.cookie);
        match action {
            Action::Verify => Ok(()),
            Action::Unspecified => Err(Status::invalid_argument("action is unspecified")),
            Action::Commit => Ok(()),
            Action::VerifyAndSave => {
                let loaded = Self::prepare(program, config.p4_device_config.clone(), cookie)
                    .map_err(Status::invalid_argument)?;
                self.lock().saved = Some(loaded);
                Ok(())
            }
            Action::VerifyAndCommit => {
                let loaded = Self::prepare(program, config.p4_device_config.clone(), cookie)
                    .map_err(Status::invalid_argument)?;
                let mut inner = self.lock();
                inner.loaded = Some(loaded);
                self.copy_to_replicas(&inner);
                Ok(())
            }
            Action::ReconcileAndCommit => {
                let mut inner = self.lock();
                match inner.loaded.as_mut() {
                    Some(l) if *l.schema.program() == program => {
                        l.cookie = cookie;
                        Ok(())
                    }
                    _ => Err(Status::unimplemented(
                        "RECONCILE_AND_COMMIT to a different program: Tandem's switch cannot keep state across programs; use VERIFY_AND_COMMIT",
                    )),
                }
            }
        }
    }

    fn get_pipeline(
        &self,
        req: &p4::GetForwardingPipelineConfigRequest,
    ) -> Result<p4::ForwardingPipelineConfig, Status> {
        use p4::get_forwarding_pipeline_config_request::ResponseType;
        self.check_device(req.device_id)?;
        let inner = self.lock();
        let Some(l) = inner.loaded.as_ref() else {
            return Err(Status::failed_precondition("no pipeline config set"));
        };
        let what = ResponseType::try_from(req.response_type).map_err(|_| {
            Status::invalid_argument(format!("unknown response type {}", req.response_type))
        })?;
        let cookie = l
            .cookie
            .map(|c| p4::forwarding_pipeline_config::Cookie { cookie: c });
        let info = matches!(what, ResponseType::All | ResponseType::P4infoAndCookie)
            .then(|| l.info.clone());
        let device = if matches!(
            what,
            ResponseType::All | ResponseType::DeviceConfigAndCookie
        ) {
            l.device_config.clone()
        } else {
            Vec::new()
        };
        Ok(p4::ForwardingPipelineConfig {
            p4info: info,
            p4_device_config: device,
            cookie,
        })
    }
}

fn lock_replica(r: &Mutex<Option<Switch>>) -> MutexGuard<'_, Option<Switch>> {
    r.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// What the data plane of `program` writes itself — registers written by a
/// register action, meters — named, or None. Each data-path worker's copy
/// of the switch keeps its own ([`Device::with_workers`]): with several
/// workers a flow's packets see only their worker's cells, so a daemon
/// refuses several workers for such a program.
pub fn packet_state(program: &Program) -> Option<String> {
    let mut names: Vec<String> = program
        .reg_actions
        .iter()
        .filter(|a| a.then.write.is_some() || a.otherwise.write.is_some())
        .map(|a| format!("register `{}`", a.register))
        .collect();
    names.dedup();
    // Meters are not named: a meter polices how many packets pass, not
    // what a flow means, so each copy's meter polices the packets of its
    // own thread (as each pipe's meter of a multi-pipe switch does; with N
    // copies a meter configured at rate R lets through up to N x R).
    (!names.is_empty()).then(|| names.join(", "))
}

fn aborted() -> Refusal {
    Refusal {
        code: tonic::Code::Aborted,
        message: "not applied: another update of this batch failed".into(),
    }
}

/// The first difference between two P4Infos that matters to a client (names,
/// ids, match fields, parameters, sizes), or `None`.
pub fn p4info_difference(given: &cfg::P4Info, derived: &cfg::P4Info) -> Option<String> {
    let strip = |i: &cfg::P4Info| {
        let mut i = i.clone();
        i.pkg_info = None;
        i.type_info = None;
        i
    };
    let (g, d) = (strip(given), strip(derived));
    if g == d {
        return None;
    }
    let names = |v: Vec<Option<&cfg::Preamble>>| -> Vec<(u32, String)> {
        v.into_iter()
            .map(|p| p.map_or((0, String::new()), |p| (p.id, p.name.clone())))
            .collect()
    };
    let pairs = [
        (
            "tables",
            names(g.tables.iter().map(|t| t.preamble.as_ref()).collect()),
            names(d.tables.iter().map(|t| t.preamble.as_ref()).collect()),
        ),
        (
            "actions",
            names(g.actions.iter().map(|t| t.preamble.as_ref()).collect()),
            names(d.actions.iter().map(|t| t.preamble.as_ref()).collect()),
        ),
        (
            "registers",
            names(g.registers.iter().map(|t| t.preamble.as_ref()).collect()),
            names(d.registers.iter().map(|t| t.preamble.as_ref()).collect()),
        ),
        (
            "counters",
            names(g.counters.iter().map(|t| t.preamble.as_ref()).collect()),
            names(d.counters.iter().map(|t| t.preamble.as_ref()).collect()),
        ),
    ];
    for (what, a, b) in pairs {
        if a != b {
            return Some(format!("{what}: given {a:?}, the program has {b:?}"));
        }
    }
    for (a, b) in g.tables.iter().zip(&d.tables) {
        if a != b {
            let name = b.preamble.as_ref().map_or("", |p| p.name.as_str());
            return Some(format!("table `{name}` differs"));
        }
    }
    for (a, b) in g.actions.iter().zip(&d.actions) {
        if a != b {
            let name = b.preamble.as_ref().map_or("", |p| p.name.as_str());
            return Some(format!("action `{name}` differs"));
        }
    }
    Some("registers, counters or controller packet metadata differ".into())
}

fn update_kind(u: &p4::Update) -> Result<p4::update::Type, Refusal> {
    p4::update::Type::try_from(u.r#type)
        .ok()
        .filter(|t| *t != p4::update::Type::Unspecified)
        .ok_or_else(|| Refusal::invalid(format!("update type {} is not valid", u.r#type)))
}

fn control(e: pipe::ControlError) -> Refusal {
    use pipe::ControlError as C;
    let code = match &e {
        C::EntryExists(_) => tonic::Code::AlreadyExists,
        C::EntryMissing(_) | C::UnknownTable(_) | C::UnknownObject { .. } => tonic::Code::NotFound,
        C::TableFull { .. } | C::WriteBackTooSmall { .. } => tonic::Code::ResourceExhausted,
        C::IndexOutOfRange { .. } => tonic::Code::OutOfRange,
        C::NoWriteBack(_) => tonic::Code::FailedPrecondition,
        C::Channel(_) => tonic::Code::Unavailable,
        _ => tonic::Code::InvalidArgument,
    };
    Refusal {
        code,
        message: e.to_string(),
    }
}

/// Applies one update at once.
fn apply(
    schema: &Schema,
    switch: &mut Switch,
    now: Duration,
    u: &p4::Update,
) -> Result<(), Refusal> {
    use p4::entity::Entity as E;
    let kind = update_kind(u)?;
    switch.advance(now);
    match u.entity.as_ref().and_then(|e| e.entity.as_ref()) {
        Some(E::TableEntry(te)) => {
            let delete = kind == p4::update::Type::Delete;
            let (table, entry) = schema.entry_from_p4(te, delete)?;
            match kind {
                p4::update::Type::Insert => switch.insert(&table, entry),
                p4::update::Type::Modify => switch.modify(&table, entry),
                _ => switch.delete(&table, &entry.key, entry.priority),
            }
            .map_err(control)
        }
        Some(E::RegisterEntry(re)) => {
            if kind != p4::update::Type::Modify {
                return Err(Refusal::invalid("register entries are only MODIFY'd"));
            }
            let (r, name) = schema.register(re.register_id)?;
            let name = name.to_string();
            let width = schema.register_width(r);
            let v = match re.data.as_ref().and_then(|d| d.data.as_ref()) {
                Some(p4::p4_data::Data::Bitstring(b)) => {
                    value::decode(b, width, &format!("register `{name}`"))
                        .map_err(Refusal::invalid)?
                }
                _ => {
                    return Err(Refusal::invalid(format!(
                        "register `{name}`: data must be a bitstring"
                    )));
                }
            };
            let size = schema.program().registers[r].size;
            let cells: Vec<u32> = match &re.index {
                Some(i) => vec![u32::try_from(i.index).map_err(|_| Refusal {
                    code: tonic::Code::OutOfRange,
                    message: format!("register `{name}`: index {} out of range", i.index),
                })?],
                None => (0..size).collect(),
            };
            for c in cells {
                switch.write_register(&name, c, v).map_err(control)?;
            }
            Ok(())
        }
        Some(E::CounterEntry(_)) => Err(Refusal::unimplemented(
            "writing counters is not supported by Tandem's switch",
        )),
        Some(E::MeterEntry(me)) => write_meter(schema, switch, kind, me),
        Some(_) => Err(Refusal::unimplemented(
            "only table entries, registers and meters can be written",
        )),
        None => Err(Refusal::invalid("update without an entity")),
    }
}

/// The cells a meter entry names: its index, or every cell with none.
fn meter_cells(schema: &Schema, me: &p4::MeterEntry) -> Result<(String, Vec<u32>), Refusal> {
    let (m, name) = schema.meter(me.meter_id)?;
    let name = name.to_string();
    let size = schema.program().meters[m].size;
    let cells = match &me.index {
        Some(i) => vec![
            u32::try_from(i.index)
                .ok()
                .filter(|i| *i < size)
                .ok_or_else(|| Refusal {
                    code: tonic::Code::OutOfRange,
                    message: format!(
                        "meter `{name}`: index {} is outside its {size} cells",
                        i.index
                    ),
                })?,
        ],
        None => (0..size).collect(),
    };
    Ok((name, cells))
}

/// MODIFY of a meter entry (spec §9.4): its `MeterConfig`, or none to
/// unconfigure it (every packet green). Rates and bursts must be
/// non-negative, the peak at least the committed.
fn write_meter(
    schema: &Schema,
    switch: &mut Switch,
    kind: p4::update::Type,
    me: &p4::MeterEntry,
) -> Result<(), Refusal> {
    if kind != p4::update::Type::Modify {
        return Err(Refusal::invalid("meter entries are only MODIFY'd"));
    }
    let (name, cells) = meter_cells(schema, me)?;
    let config = match &me.config {
        None => None,
        Some(c) => {
            let get = |v: i64, what: &str| {
                u64::try_from(v).map_err(|_| {
                    Refusal::invalid(format!("meter `{name}`: {what} {v} is negative"))
                })
            };
            Some(pipe::meter::MeterConfig {
                cir: get(c.cir, "cir")?,
                cburst: get(c.cburst, "cburst")?,
                pir: get(c.pir, "pir")?,
                pburst: get(c.pburst, "pburst")?,
            })
        }
    };
    for c in cells {
        switch.set_meter(&name, c, config).map_err(control)?;
    }
    Ok(())
}

/// Read of meter entries: each cell's configuration (none if unconfigured).
fn read_meters(l: &Loaded, me: &p4::MeterEntry, out: &mut Vec<p4::Entity>) -> Result<(), Refusal> {
    let (name, cells) = meter_cells(&l.schema, me)?;
    for c in cells {
        let config = l.switch.meter_config(&name, c).map_err(control)?;
        let as_i64 = |v: u64| i64::try_from(v).unwrap_or(i64::MAX);
        out.push(p4::Entity {
            entity: Some(p4::entity::Entity::MeterEntry(p4::MeterEntry {
                meter_id: me.meter_id,
                index: Some(p4::Index {
                    index: i64::from(c),
                }),
                config: config.map(|m| p4::MeterConfig {
                    cir: as_i64(m.cir),
                    cburst: as_i64(m.cburst),
                    pir: as_i64(m.pir),
                    pburst: as_i64(m.pburst),
                    eburst: 0,
                }),
                ..Default::default()
            })),
        });
    }
    Ok(())
}

/// `DATAPLANE_ATOMIC`: the whole batch is one Gallium atomic update of the
/// model (write-back puts, flip, main writes, flip back, clean-up), so packets
/// see all of it or none of it — one batched phase of docs/SWITCH.md.
fn dataplane_atomic(
    schema: &Schema,
    switch: &mut Switch,
    now: Duration,
    updates: &[p4::Update],
) -> Vec<Result<(), Refusal>> {
    use p4::entity::Entity as E;
    let mut changes = Vec::new();
    let mut results: Vec<Result<(), Refusal>> = Vec::new();
    for u in updates {
        let r = update_kind(u).and_then(|kind| {
            match u.entity.as_ref().and_then(|e| e.entity.as_ref()) {
                Some(E::TableEntry(te)) => {
                    let (table, entry) =
                        schema.entry_from_p4(te, kind == p4::update::Type::Delete)?;
                    changes.push(match kind {
                        p4::update::Type::Insert => pipe::Update::Insert { table, entry },
                        p4::update::Type::Modify => pipe::Update::Modify { table, entry },
                        _ => pipe::Update::Delete {
                            table,
                            key: entry.key,
                            priority: entry.priority,
                        },
                    });
                    Ok(())
                }
                _ => Err(Refusal::unimplemented(
                    "DATAPLANE_ATOMIC batches hold table entries only",
                )),
            }
        });
        results.push(r);
    }
    if results.iter().any(Result::is_err) {
        for r in &mut results {
            if r.is_ok() {
                *r = Err(aborted());
            }
        }
        return results;
    }
    switch.advance(now);
    match switch.atomic_update(now, &changes) {
        Ok(ticket) => {
            // Zero channel latency: every phase is due now; apply them in order.
            switch.advance(now.max(ticket.done_at));
            let failures: Vec<String> = switch
                .take_completions()
                .into_iter()
                .filter_map(|c| c.result.err().map(|e| e.to_string()))
                .collect();
            if failures.is_empty() {
                results
            } else {
                // Cannot happen: atomic_update checks everything up front.
                let msg = failures.join("; ");
                updates
                    .iter()
                    .map(|_| {
                        Err(Refusal {
                            code: tonic::Code::Internal,
                            message: msg.clone(),
                        })
                    })
                    .collect()
            }
        }
        Err(e) => {
            let r = control(e);
            updates.iter().map(|_| Err(r.clone())).collect()
        }
    }
}

/// gRPC status of a Write (spec §12.3): OK, or UNKNOWN with one `p4.v1.Error`
/// per update, in order, in the details.
fn write_status(results: &[Result<(), Refusal>]) -> Result<(), Status> {
    if results.iter().all(Result::is_ok) {
        return Ok(());
    }
    let details = results
        .iter()
        .map(|r| {
            let e = match r {
                Ok(()) => p4::Error {
                    canonical_code: tonic::Code::Ok as i32,
                    ..Default::default()
                },
                Err(r) => p4::Error {
                    canonical_code: r.code as i32,
                    message: r.message.clone(),
                    ..Default::default()
                },
            };
            prost_types::Any {
                type_url: "type.googleapis.com/p4.v1.Error".into(),
                value: e.encode_to_vec(),
            }
        })
        .collect();
    let failed: Vec<String> = results
        .iter()
        .enumerate()
        .filter_map(|(i, r)| {
            r.as_ref()
                .err()
                .map(|e| format!("update {i}: {}", e.message))
        })
        .take(3)
        .collect();
    let message = format!("write failed: {}", failed.join("; "));
    let status = rpc::Status {
        code: tonic::Code::Unknown as i32,
        message: message.clone(),
        details,
    };
    Err(Status::with_details(
        tonic::Code::Unknown,
        message,
        status.encode_to_vec().into(),
    ))
}

/// Reads one entity of `l`; counters also sum the other copies' cells. A
/// table entry read with `time_since_last_hit` set reports each entry's time
/// since a packet last hit it in any copy, at `now` (the clock of the idle
/// notifications; an entry no packet hit: since it was written).
fn read_entity(
    l: &Loaded,
    others: &[&Switch],
    now: Duration,
    e: &p4::Entity,
    out: &mut Vec<p4::Entity>,
) -> Result<(), Refusal> {
    use p4::entity::Entity as E;
    let wrap = |x: E| p4::Entity { entity: Some(x) };
    match e.entity.as_ref() {
        Some(E::TableEntry(te)) => {
            let tables: Vec<usize> = if te.table_id == 0 {
                (0..l.schema.program().tables.len()).collect()
            } else {
                vec![l.schema.table(te.table_id)?.0]
            };
            // A match given: the one entry with that key.
            let filter = if te.table_id != 0 && !te.r#match.is_empty() {
                Some(l.schema.entry_from_p4(te, true)?.1)
            } else {
                None
            };
            let with_hits = te.time_since_last_hit.is_some();
            for t in tables {
                let name = &l.schema.program().tables[t].name;
                let entries: Vec<(pipe::TableEntry, Option<Duration>)> = if with_hits {
                    last_hits(&l.switch, others, name)?
                } else {
                    l.switch
                        .entries(name)
                        .map_err(control)?
                        .into_iter()
                        .map(|e| (e, None))
                        .collect()
                };
                for (entry, hit) in entries {
                    if filter
                        .as_ref()
                        .is_some_and(|f| f.key != entry.key || f.priority != entry.priority)
                    {
                        continue;
                    }
                    let mut p = l.schema.entry_to_p4(t, &entry);
                    if let Some(hit) = hit {
                        p.time_since_last_hit = Some(p4::table_entry::IdleTimeout {
                            elapsed_ns: i64::try_from(now.saturating_sub(hit).as_nanos())
                                .unwrap_or(i64::MAX),
                        });
                    }
                    out.push(wrap(E::TableEntry(p)));
                }
            }
            Ok(())
        }
        Some(E::RegisterEntry(re)) => {
            let regs: Vec<usize> = if re.register_id == 0 {
                (0..l.schema.program().registers.len()).collect()
            } else {
                vec![l.schema.register(re.register_id)?.0]
            };
            for r in regs {
                let reg = &l.schema.program().registers[r];
                let cells = l.switch.register_cells(&reg.name).map_err(control)?;
                let range: Vec<usize> = match &re.index {
                    Some(i) => {
                        let i = usize::try_from(i.index)
                            .ok()
                            .filter(|i| *i < cells.len())
                            .ok_or_else(|| Refusal {
                                code: tonic::Code::OutOfRange,
                                message: format!(
                                    "register `{}`: index {} is outside its {} cells",
                                    reg.name,
                                    i.index,
                                    cells.len()
                                ),
                            })?;
                        vec![i]
                    }
                    None => (0..cells.len()).collect(),
                };
                for i in range {
                    out.push(wrap(E::RegisterEntry(p4::RegisterEntry {
                        register_id: crate::p4info::object_id(cfg::p4_ids::Prefix::Register, r),
                        index: Some(p4::Index { index: i as i64 }),
                        data: Some(p4::P4Data {
                            data: Some(p4::p4_data::Data::Bitstring(value::encode(
                                cells[i], reg.width,
                            ))),
                        }),
                    })));
                }
            }
            Ok(())
        }
        Some(E::CounterEntry(ce)) => {
            let counters: Vec<usize> = if ce.counter_id == 0 {
                (0..l.schema.program().counters.len()).collect()
            } else {
                vec![l.schema.counter(ce.counter_id)?.0]
            };
            for c in counters {
                let counter = &l.schema.program().counters[c];
                let range: Vec<u32> = match &ce.index {
                    Some(i) => vec![u32::try_from(i.index).map_err(|_| Refusal {
                        code: tonic::Code::OutOfRange,
                        message: format!(
                            "counter `{}`: index {} out of range",
                            counter.name, i.index
                        ),
                    })?],
                    None => (0..counter.size).collect(),
                };
                for i in range {
                    let (mut packets, mut bytes) =
                        l.switch.read_counter(&counter.name, i).map_err(control)?;
                    for o in others {
                        let (p, b) = o.read_counter(&counter.name, i).map_err(control)?;
                        packets += p;
                        bytes += b;
                    }
                    out.push(wrap(E::CounterEntry(p4::CounterEntry {
                        counter_id: crate::p4info::object_id(cfg::p4_ids::Prefix::Counter, c),
                        index: Some(p4::Index {
                            index: i64::from(i),
                        }),
                        data: Some(p4::CounterData {
                            byte_count: i64::try_from(bytes).unwrap_or(i64::MAX),
                            packet_count: i64::try_from(packets).unwrap_or(i64::MAX),
                        }),
                    })));
                }
            }
            Ok(())
        }
        Some(E::MeterEntry(me)) => read_meters(l, me, out),
        Some(_) => Err(Refusal::unimplemented(
            "only table entries, registers, counters and meters can be read",
        )),
        None => Err(Refusal::invalid("entity without a kind")),
    }
}

/// The entries of table `name` with the latest time a packet hit each in
/// `main` or any of the `others` (the data-path copies, which hold the same
/// entries).
fn last_hits(
    main: &Switch,
    others: &[&Switch],
    name: &str,
) -> Result<Vec<(pipe::TableEntry, Option<Duration>)>, Refusal> {
    let mut entries = main.entries_with_hits(name).map_err(control)?;
    if !others.is_empty() {
        let at: std::collections::HashMap<(Vec<pipe::KeyMatch>, u32), usize> = entries
            .iter()
            .enumerate()
            .map(|(i, (e, _))| ((e.key.clone(), e.priority), i))
            .collect();
        for o in others {
            for (e, hit) in o.entries_with_hits(name).map_err(control)? {
                if let Some(&i) = at.get(&(e.key, e.priority)) {
                    entries[i].1 = entries[i].1.max(hit);
                }
            }
        }
    }
    Ok(entries.into_iter().map(|(e, t)| (e, Some(t))).collect())
}

/// The tonic service over a [`Device`].
#[derive(Debug, Clone)]
pub struct Service {
    device: Arc<Device>,
}

impl Service {
    /// The service for `device`.
    pub fn new(device: Arc<Device>) -> Service {
        Service { device }
    }

    /// As a tonic server.
    pub fn into_server(self) -> P4RuntimeServer<Service> {
        P4RuntimeServer::new(self)
    }
}

type ResponseStream = Pin<Box<dyn Stream<Item = Result<p4::StreamMessageResponse, Status>> + Send>>;

#[tonic::async_trait]
impl P4Runtime for Service {
    async fn write(
        &self,
        request: Request<p4::WriteRequest>,
    ) -> Result<Response<p4::WriteResponse>, Status> {
        self.device.write(request.get_ref())?;
        Ok(Response::new(p4::WriteResponse {}))
    }

    type ReadStream = Pin<Box<dyn Stream<Item = Result<p4::ReadResponse, Status>> + Send>>;

    async fn read(
        &self,
        request: Request<p4::ReadRequest>,
    ) -> Result<Response<Self::ReadStream>, Status> {
        let entities = self.device.read(request.get_ref())?;
        let once = tokio_stream::once(Ok(p4::ReadResponse { entities }));
        Ok(Response::new(Box::pin(once)))
    }

    async fn set_forwarding_pipeline_config(
        &self,
        request: Request<p4::SetForwardingPipelineConfigRequest>,
    ) -> Result<Response<p4::SetForwardingPipelineConfigResponse>, Status> {
        self.device.set_pipeline(request.get_ref())?;
        Ok(Response::new(p4::SetForwardingPipelineConfigResponse {}))
    }

    async fn get_forwarding_pipeline_config(
        &self,
        request: Request<p4::GetForwardingPipelineConfigRequest>,
    ) -> Result<Response<p4::GetForwardingPipelineConfigResponse>, Status> {
        let config = self.device.get_pipeline(request.get_ref())?;
        Ok(Response::new(p4::GetForwardingPipelineConfigResponse {
            config: Some(config),
        }))
    }

    type StreamChannelStream = ResponseStream;

    async fn stream_channel(
        &self,
        request: Request<Streaming<p4::StreamMessageRequest>>,
    ) -> Result<Response<Self::StreamChannelStream>, Status> {
        let mut incoming = request.into_inner();
        let (tx, rx) = mpsc::channel(STREAM_QUEUE);
        let stream = {
            let mut inner = self.device.lock();
            inner.arbitration.next_stream += 1;
            inner.arbitration.next_stream
        };
        let device = self.device.clone();
        tokio::spawn(async move {
            while let Some(msg) = incoming.next().await {
                let Ok(msg) = msg else { break };
                use p4::stream_message_request::Update as U;
                match msg.update {
                    Some(U::Arbitration(a)) => {
                        if let Err(status) = device.arbitrate(stream, &tx, &a) {
                            // Spec §5.3: a bad arbitration update ends the stream.
                            let _ = tx.send(Err(status)).await;
                            break;
                        }
                    }
                    Some(U::Packet(p)) => {
                        if let Err(message) = device.packet_out(stream, &p) {
                            let err = p4::StreamMessageResponse {
                                update: Some(p4::stream_message_response::Update::Error(
                                    p4::StreamError {
                                        canonical_code: tonic::Code::InvalidArgument as i32,
                                        message,
                                        details: Some(p4::stream_error::Details::PacketOut(
                                            p4::PacketOutError {
                                                packet_out: Some(p),
                                            },
                                        )),
                                        ..Default::default()
                                    },
                                )),
                            };
                            if tx.try_send(Ok(err)).is_err() {
                                device
                                    .counters
                                    .stream_overflow
                                    .fetch_add(1, Ordering::Relaxed);
                            }
                        }
                    }
                    Some(_) | None => {
                        let err = p4::StreamMessageResponse {
                            update: Some(p4::stream_message_response::Update::Error(
                                p4::StreamError {
                                    canonical_code: tonic::Code::Unimplemented as i32,
                                    message: "only arbitration and packet-out are supported".into(),
                                    ..Default::default()
                                },
                            )),
                        };
                        if tx.try_send(Ok(err)).is_err() {
                            device
                                .counters
                                .stream_overflow
                                .fetch_add(1, Ordering::Relaxed);
                        }
                    }
                }
            }
            device.stream_closed(stream);
        });
        let out = tokio_stream::wrappers::ReceiverStream::new(rx);
        Ok(Response::new(Box::pin(out)))
    }

    async fn capabilities(
        &self,
        _request: Request<p4::CapabilitiesRequest>,
    ) -> Result<Response<p4::CapabilitiesResponse>, Status> {
        Ok(Response::new(p4::CapabilitiesResponse {
            p4runtime_api_version: API_VERSION.to_string(),
        }))
    }
}

/// Interval of the server's HTTP/2 keepalive pings to each client.
pub const KEEPALIVE: Duration = Duration::from_secs(1);
/// A client that does not answer a ping within this is gone.
pub const KEEPALIVE_TIMEOUT: Duration = Duration::from_secs(3);

/// Serves `device` on `listener` until `shutdown` resolves; polls idle
/// timeouts every `idle_poll`.
pub async fn serve(
    device: Arc<Device>,
    listener: tokio::net::TcpListener,
    idle_poll: Duration,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> Result<(), tonic::transport::Error> {
    serve_tls(device, listener, idle_poll, None, shutdown).await
}

/// [`serve`], over TLS when `tls` is given ([`crate::tls::server_config`]:
/// only clients with a certificate its CA signed get past the handshake).
pub async fn serve_tls(
    device: Arc<Device>,
    listener: tokio::net::TcpListener,
    idle_poll: Duration,
    tls: Option<tonic::transport::ServerTlsConfig>,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> Result<(), tonic::transport::Error> {
    let poller = {
        let device = device.clone();
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(idle_poll.max(Duration::from_millis(1)));
            loop {
                tick.tick().await;
                device.poll_idle();
            }
        })
    };
    // TCP_NODELAY on every accepted connection: tonic sets it only on
    // listeners it binds itself, and with Nagle on, an answer that follows
    // an unacknowledged one waits for the client's delayed ACK (up to
    // 40 ms) — what pipelined Writes from one client run into.
    let incoming = tonic::transport::server::TcpIncoming::from(listener).with_nodelay(Some(true));
    // HTTP/2 pings find a client that went silent (host down, link cut)
    // whose TCP connection was not closed: its stream ends, and with it its
    // primary role.
    let mut builder = tonic::transport::Server::builder();
    if let Some(tls) = tls {
        builder = match builder.tls_config(tls) {
            Ok(b) => b,
            Err(e) => {
                poller.abort();
                return Err(e);
            }
        };
    }
    let r = builder
        .http2_keepalive_interval(Some(KEEPALIVE))
        .http2_keepalive_timeout(Some(KEEPALIVE_TIMEOUT))
        .add_service(Service::new(device).into_server())
        .serve_with_incoming_shutdown(incoming, shutdown)
        .await;
    poller.abort();
    r
}
