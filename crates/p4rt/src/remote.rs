//! A switch driven over P4Runtime, as the server runtime sees it:
//! [`RemoteSwitch`] implements [`pipe::SwitchControl`], so `server::Runtime`
//! runs the same logic against a `tandem switch --grpc` daemon in another
//! process as against the model in its own.
//!
//! - An atomic update is **one `Write` with `DATAPLANE_ATOMIC`**: the daemon
//!   runs Gallium's write-back cycle (the five phases of docs/SWITCH.md,
//!   "Control channel: batching and group commit") on its switch as one unit
//!   and acknowledges when it has finished; the acknowledgement is the commit
//!   point, so `visible_at` is the clock's time when the answer arrived.
//! - Idle-timeout notifications arrive on the stream channel; [`poll_idle`]
//!   hands out those that have arrived.
//! - The write-back tables' sizes come from the program (the same one the
//!   daemon runs: [`RemoteSwitch::connect`] checks or sets the pipeline).
//!
//! The calls block the caller (a small tokio runtime of one worker thread
//! drives gRPC underneath), each bounded by a timeout. A lost connection (the
//! stream ended, a call's transport failed) turns every later call into
//! [`pipe::ControlError::Channel`] until [`RemoteSwitch::reconnect`].
//!
//! [`poll_idle`]: pipe::SwitchControl::poll_idle

use std::time::Duration;

use pipe::{AtomicTicket, ControlError, IdleNotification, Program, TableEntry, Update};

use crate::client::{Client, ClientError, write_errors};
use crate::proto::p4::v1 as p4;
use crate::schema::Schema;
use crate::server::Clock;

/// Why the remote switch could not be set up or asked.
#[derive(Debug, thiserror::Error)]
pub enum RemoteError {
    /// A P4Runtime call failed.
    #[error(transparent)]
    Client(#[from] ClientError),
    /// Another client with a higher election id is primary.
    #[error("the switch at {addr} made another client primary (our election id {election_id})")]
    NotPrimary {
        /// Address.
        addr: String,
        /// Our election id.
        election_id: u128,
    },
    /// The switch runs another program.
    #[error("the switch at {addr} runs another program: {message}")]
    OtherProgram {
        /// Address.
        addr: String,
        /// What differs.
        message: String,
    },
    /// The switch answered with an entity this program does not have.
    #[error("reading the switch: {0}")]
    Entity(String),
    /// No connection (lost and not re-established).
    #[error("not connected to the switch at {0}")]
    NotConnected(String),
    /// The tokio runtime could not start.
    #[error("cannot start the gRPC runtime: {0}")]
    Runtime(std::io::Error),
    /// A call got no answer in time.
    #[error("{call}: no answer within {timeout:?}")]
    Timeout {
        /// Call.
        call: &'static str,
        /// Bound.
        timeout: Duration,
    },
}

/// What the remote switch was asked and answered.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct RemoteStats {
    /// `DATAPLANE_ATOMIC` Writes acknowledged (atomic updates made visible).
    pub atomic_writes: u64,
    /// Table entries those Writes carried.
    pub atomic_entries: u64,
    /// Atomic updates the switch refused (nothing of them applied).
    pub refused: u64,
    /// Calls that failed on the channel (no connection, timeout, transport).
    pub channel_errors: u64,
    /// Idle-timeout notifications received (entries).
    pub idle_notifications: u64,
    /// Times the connection was found lost.
    pub disconnects: u64,
    /// Successful (re)connections.
    pub connects: u64,
    /// Sum of the atomic Writes' round trips, ns.
    pub atomic_write_ns: u64,
}

/// A `tandem switch --grpc` daemon (or any P4Runtime server that serves
/// Tandem's P4Info and `DATAPLANE_ATOMIC`) as the server runtime's switch.
pub struct RemoteSwitch {
    rt: tokio::runtime::Runtime,
    addr: String,
    device_id: u64,
    election_id: u128,
    client: Option<Client>,
    schema: Schema,
    device_config: Vec<u8>,
    clock: Clock,
    timeout: Duration,
    idle: Vec<IdleNotification>,
    stats: RemoteStats,
    /// The last (re)connection set the pipeline (the switch had none): its
    /// registers are zero, not at the program's initial values.
    fresh_pipeline: bool,
}

impl std::fmt::Debug for RemoteSwitch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RemoteSwitch")
            .field("addr", &self.addr)
            .field("election_id", &self.election_id)
            .field("connected", &self.client.is_some())
            .field("stats", &self.stats)
            .finish_non_exhaustive()
    }
}

impl RemoteSwitch {
    /// Connects to `addr` (`http://host:port`) as a client of device
    /// `device_id` with `election_id`, requires to become primary, and makes
    /// sure the switch runs `program` (sets it when the switch has none;
    /// refuses when it runs another). `clock` gives the times of visibility
    /// (the caller's clock, the one it passes as `now`); every call waits at
    /// most `timeout`.
    pub fn connect(
        addr: &str,
        device_id: u64,
        election_id: u128,
        program: Program,
        clock: Clock,
        timeout: Duration,
    ) -> Result<RemoteSwitch, RemoteError> {
        let rt = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .thread_name("p4rt-client")
            .enable_all()
            .build()
            .map_err(RemoteError::Runtime)?;
        let device_config =
            serde_json::to_vec(&program).map_err(|e| RemoteError::Entity(e.to_string()))?;
        let mut r = RemoteSwitch {
            rt,
            addr: addr.to_string(),
            device_id,
            election_id,
            client: None,
            schema: Schema::new(program),
            device_config,
            clock,
            timeout,
            idle: Vec::new(),
            stats: RemoteStats::default(),
            fresh_pipeline: false,
        };
        r.reconnect()?;
        Ok(r)
    }

    /// Connects again (after [`RemoteSwitch::is_connected`] turned false):
    /// opens a new stream, becomes primary and checks the program. The
    /// switch's tables are as the previous connection left them (plus what
    /// another primary wrote meanwhile): resynchronise them after this.
    pub fn reconnect(&mut self) -> Result<(), RemoteError> {
        self.client = None;
        let timeout = self.timeout;
        let addr = self.addr.clone();
        let mut c = self.block(
            "connect",
            Client::connect(&addr, self.device_id, self.election_id, timeout),
        )??;
        if !c.is_primary() {
            return Err(RemoteError::NotPrimary {
                addr,
                election_id: self.election_id,
            });
        }
        match self.block("GetForwardingPipelineConfig", c.get_pipeline())? {
            Ok(config) if !config.p4_device_config.is_empty() => {
                let theirs = crate::server::program_from_device_config(&config.p4_device_config)
                    .map_err(|message| RemoteError::OtherProgram {
                        addr: addr.clone(),
                        message,
                    })?;
                if theirs != *self.schema.program() {
                    return Err(RemoteError::OtherProgram {
                        addr,
                        message: format!(
                            "it runs `{}`, this server's switch part is `{}` (or they differ in detail)",
                            theirs.name,
                            self.schema.program().name
                        ),
                    });
                }
            }
            // No pipeline yet (FAILED_PRECONDITION) or an empty one: set ours.
            _ => {
                let info = crate::p4info(self.schema.program())
                    .map_err(|e| RemoteError::Entity(e.to_string()))?;
                let config = self.device_config.clone();
                self.block(
                    "SetForwardingPipelineConfig",
                    c.set_pipeline(info, config, 1),
                )??;
                self.fresh_pipeline = true;
            }
        }
        self.client = Some(c);
        self.stats.connects += 1;
        Ok(())
    }

    /// Whether a (re)connection set the pipeline (the switch had none, so
    /// its registers are zero) and [`RemoteSwitch::take_fresh_pipeline`]
    /// has not been called since.
    pub fn fresh_pipeline(&self) -> bool {
        self.fresh_pipeline
    }

    /// [`RemoteSwitch::fresh_pipeline`], and clears it until the next
    /// connection that sets the pipeline.
    pub fn take_fresh_pipeline(&mut self) -> bool {
        std::mem::take(&mut self.fresh_pipeline)
    }

    /// Writes register cells `(register, index, value)` in one Write
    /// (`CONTINUE_ON_ERROR`); returns how many the switch refused.
    pub fn write_registers(&mut self, cells: &[(String, u32, u64)]) -> Result<usize, RemoteError> {
        if cells.is_empty() {
            return Ok(0);
        }
        let updates = cells
            .iter()
            .map(|(r, i, v)| {
                self.schema
                    .register_id(r)
                    .map(|id| crate::client::register_update(id, Some(u64::from(*i)), *v))
                    .ok_or_else(|| RemoteError::Entity(format!("no register `{r}` in the program")))
            })
            .collect::<Result<Vec<_>, _>>()?;
        let n = updates.len();
        match self.call("Write", async move |c| {
            c.write(updates, p4::write_request::Atomicity::ContinueOnError)
                .await
        }) {
            Ok(()) => Ok(0),
            Err(RemoteError::Client(e)) if e.status().is_some_and(is_refusal) => {
                Ok(e.status().map_or(n, |s| {
                    write_errors(s)
                        .iter()
                        .filter(|x| x.canonical_code != tonic::Code::Ok as i32)
                        .count()
                }))
            }
            Err(e) => Err(e),
        }
    }

    /// Reads register cells `(register, index)`, in order.
    pub fn read_registers(&mut self, cells: &[(String, u32)]) -> Result<Vec<u64>, RemoteError> {
        let wanted = cells
            .iter()
            .map(|(r, i)| {
                self.schema
                    .register_id(r)
                    .map(|id| (id, Some(u64::from(*i))))
                    .ok_or_else(|| RemoteError::Entity(format!("no register `{r}` in the program")))
            })
            .collect::<Result<Vec<_>, _>>()?;
        let got = self.call("Read", async move |c| c.read_registers(&wanted).await)?;
        Ok(got.into_iter().map(|c| c.value).collect())
    }

    /// Whether the connection is up (as far as the last call saw).
    pub fn is_connected(&self) -> bool {
        self.client.is_some()
    }

    /// Looks at the stream channel without waiting: keeps the idle-timeout
    /// notifications that arrived, notices a lost connection. True while
    /// connected.
    pub fn check(&mut self) -> bool {
        let Some(mut c) = self.client.take() else {
            return false;
        };
        let drained = self.block("StreamChannel", c.drain());
        let (msgs, alive) = match drained {
            Ok(Ok(m)) => (m, c.is_primary()),
            Ok(Err(_)) | Err(_) => (Vec::new(), false),
        };
        let now = (self.clock)();
        for m in msgs {
            if let Some(p4::stream_message_response::Update::IdleTimeoutNotification(n)) = m.update
            {
                for te in &n.table_entry {
                    let Ok((table, entry)) = self.schema.entry_from_p4(te, false) else {
                        continue;
                    };
                    let elapsed = te
                        .time_since_last_hit
                        .as_ref()
                        .map_or(0, |t| u64::try_from(t.elapsed_ns).unwrap_or(0));
                    self.stats.idle_notifications += 1;
                    self.idle.push(IdleNotification {
                        table,
                        entry,
                        last_hit: now.saturating_sub(Duration::from_nanos(elapsed)),
                    });
                }
            }
        }
        if alive {
            self.client = Some(c);
        } else {
            self.stats.disconnects += 1;
        }
        alive
    }

    /// Counters so far.
    pub fn stats(&self) -> &RemoteStats {
        &self.stats
    }

    /// The program the switch runs.
    pub fn program(&self) -> &Program {
        self.schema.program()
    }

    /// Every entry of table `table` on the switch (a P4Runtime Read).
    pub fn read_table(&mut self, table: &str) -> Result<Vec<TableEntry>, RemoteError> {
        let t = self
            .schema
            .table_index(table)
            .ok_or_else(|| RemoteError::Entity(format!("no table `{table}` in the program")))?;
        let want = p4::Entity {
            entity: Some(p4::entity::Entity::TableEntry(p4::TableEntry {
                table_id: crate::p4info::object_id(
                    crate::proto::p4::config::v1::p4_ids::Prefix::Table,
                    t,
                ),
                ..Default::default()
            })),
        };
        let entities = self.call("Read", async move |c| c.read(vec![want]).await)?;
        entities
            .into_iter()
            .map(|e| match e.entity {
                Some(p4::entity::Entity::TableEntry(te)) => self
                    .schema
                    .entry_from_p4(&te, false)
                    .map(|(_, entry)| entry)
                    .map_err(|r| RemoteError::Entity(r.message)),
                _ => Err(RemoteError::Entity(format!(
                    "a Read of table `{table}` answered another kind of entity"
                ))),
            })
            .collect()
    }

    /// Applies `updates` as one Write: `atomic` as one atomic update
    /// (`DATAPLANE_ATOMIC`), else each on its own (`CONTINUE_ON_ERROR`).
    /// Returns the number of updates that failed (with CONTINUE_ON_ERROR the
    /// others are applied).
    pub fn write(&mut self, updates: &[Update], atomic: bool) -> Result<usize, RemoteError> {
        if updates.is_empty() {
            return Ok(0);
        }
        let msg = self.to_p4(updates).map_err(RemoteError::Entity)?;
        let atomicity = if atomic {
            p4::write_request::Atomicity::DataplaneAtomic
        } else {
            p4::write_request::Atomicity::ContinueOnError
        };
        match self.call("Write", async move |c| c.write(msg, atomicity).await) {
            Ok(()) => Ok(0),
            Err(RemoteError::Client(e)) if e.status().is_some_and(is_refusal) => {
                let n = e.status().map_or(updates.len(), |s| {
                    write_errors(s)
                        .iter()
                        .filter(|x| x.canonical_code != tonic::Code::Ok as i32)
                        .count()
                });
                Ok(n)
            }
            Err(e) => Err(e),
        }
    }

    fn to_p4(&self, updates: &[Update]) -> Result<Vec<p4::Update>, String> {
        updates
            .iter()
            .map(|u| {
                let t = self
                    .schema
                    .table_index(u.table())
                    .ok_or_else(|| format!("no table `{}` in the program", u.table()))?;
                let (kind, entry) = match u {
                    Update::Insert { entry, .. } => (p4::update::Type::Insert, entry.clone()),
                    Update::Modify { entry, .. } => (p4::update::Type::Modify, entry.clone()),
                    Update::Delete { key, priority, .. } => (
                        p4::update::Type::Delete,
                        TableEntry {
                            key: key.clone(),
                            action: String::new(),
                            args: Vec::new(),
                            priority: *priority,
                        },
                    ),
                };
                Ok(p4::Update {
                    r#type: kind as i32,
                    entity: Some(p4::Entity {
                        entity: Some(p4::entity::Entity::TableEntry(
                            self.schema.entry_to_p4(t, &entry),
                        )),
                    }),
                })
            })
            .collect()
    }

    /// Runs `f` on the runtime, bounded by the timeout.
    fn block<T>(&self, call: &'static str, f: impl Future<Output = T>) -> Result<T, RemoteError> {
        let timeout = self.timeout;
        self.rt
            .block_on(async { tokio::time::timeout(timeout, f).await })
            .map_err(|_| RemoteError::Timeout { call, timeout })
    }

    /// Runs one client call; a failure that is not the switch refusing the
    /// request marks the connection lost.
    fn call<T>(
        &mut self,
        name: &'static str,
        f: impl AsyncFnOnce(&mut Client) -> Result<T, ClientError>,
    ) -> Result<T, RemoteError> {
        let Some(mut c) = self.client.take() else {
            self.stats.channel_errors += 1;
            return Err(RemoteError::NotConnected(self.addr.clone()));
        };
        let timeout = self.timeout;
        let r = self
            .rt
            .block_on(async { tokio::time::timeout(timeout, f(&mut c)).await });
        match r {
            Ok(Ok(v)) => {
                self.client = Some(c);
                Ok(v)
            }
            Ok(Err(e)) => {
                if e.status().is_some_and(is_refusal) {
                    self.client = Some(c);
                } else {
                    self.lost();
                }
                Err(e.into())
            }
            Err(_) => {
                self.lost();
                Err(RemoteError::Timeout {
                    call: name,
                    timeout,
                })
            }
        }
    }

    fn lost(&mut self) {
        self.stats.channel_errors += 1;
        self.stats.disconnects += 1;
        self.client = None;
    }
}

/// Whether a status is the switch refusing a request (the connection is
/// fine and we are primary), not the channel failing or another client
/// having become primary.
fn is_refusal(s: &tonic::Status) -> bool {
    match s.code() {
        tonic::Code::Unavailable
        | tonic::Code::Cancelled
        | tonic::Code::DeadlineExceeded
        | tonic::Code::PermissionDenied => false,
        // A Write's per-update errors travel as UNKNOWN with details; UNKNOWN
        // without them is the transport's.
        tonic::Code::Unknown => !s.details().is_empty(),
        _ => true,
    }
}

impl pipe::SwitchControl for RemoteSwitch {
    fn atomic_update_requested(
        &mut self,
        now: Duration,
        updates: &[Update],
        _requested: &[Duration],
    ) -> Result<AtomicTicket, ControlError> {
        // Idle timers of the written entries start when the switch applies
        // them (its own clock): the request times are not carried.
        let msg = self.to_p4(updates).map_err(ControlError::Channel)?;
        let start = (self.clock)();
        let r = self.call("Write", async move |c| {
            c.write(msg, p4::write_request::Atomicity::DataplaneAtomic)
                .await
        });
        match r {
            Ok(()) => {
                let acked = (self.clock)();
                self.stats.atomic_writes += 1;
                self.stats.atomic_entries += updates.len() as u64;
                self.stats.atomic_write_ns +=
                    u64::try_from(acked.saturating_sub(start).as_nanos()).unwrap_or(u64::MAX);
                let at = acked.max(now);
                Ok(AtomicTicket {
                    visible_at: at,
                    done_at: at,
                    ops: 3 * updates.len() + 2,
                    requests: 1,
                })
            }
            Err(RemoteError::Client(e)) if e.status().is_some_and(is_refusal) => {
                self.stats.refused += 1;
                let first = e
                    .status()
                    .map(write_errors)
                    .unwrap_or_default()
                    .into_iter()
                    .find(|x| {
                        x.canonical_code != tonic::Code::Ok as i32
                            && x.canonical_code != tonic::Code::Aborted as i32
                    })
                    .map(|x| x.message);
                Err(ControlError::Channel(format!(
                    "the switch refused the atomic update: {}",
                    first.unwrap_or_else(|| e.to_string())
                )))
            }
            Err(e) => Err(ControlError::Channel(e.to_string())),
        }
    }

    fn write_back_size(&self, table: &str) -> Result<Option<u32>, ControlError> {
        self.schema
            .program()
            .tables
            .iter()
            .find(|t| t.name == table)
            .map(|t| t.write_back)
            .ok_or_else(|| ControlError::UnknownTable(table.to_string()))
    }

    fn poll_idle(&mut self, _now: Duration) -> Vec<IdleNotification> {
        self.check();
        std::mem::take(&mut self.idle)
    }
}
