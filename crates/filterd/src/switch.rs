//! The switch over P4Runtime, as CoFilter's agent reaches it
//! ([`filter::remote::SwitchIo`]): register cells, table entries (and their
//! hit times) and the miss meter by name, through the program's P4Info ids.
//!
//! Two kinds of switch, chosen at each connection as `tandem server`
//! chooses ([`p4rt::attach`]): Tandem's own (`tandem switch --grpc`, the
//! program as `pipe` JSON, ids of [`Schema`]), or any P4Runtime switch that
//! runs p4c's compilation of the program (BMv2 `simple_switch_grpc`: its
//! P4Info checked by name, ids of [`p4rt::foreign::ForeignInfo`]). BMv2's P4Runtime server
//! cannot write or read registers, so the agent drives such a switch with
//! its cells in tables (`--cells tables`, [`filter::layout::Cells::Tables`]);
//! a register write or read there is an error that says so.
//!
//! The calls block the caller (a tokio runtime of one worker thread drives
//! gRPC underneath), each bounded by a timeout. A failed call that is not
//! the switch refusing a request (the connection is gone, another client
//! became primary, no answer in time) marks the connection lost; every
//! later call fails until [`P4rtSwitch::reconnect`].

use std::time::Duration;

use filter::remote::{SwitchIo, Write};
use p4rt::attach::{AttachError, Foreign, Pipeline};
use p4rt::client::{Client, ClientError, meter_update, register_update, write_errors};
use p4rt::proto::p4::config::v1 as cfg;
use p4rt::proto::p4::v1 as p4;
use p4rt::schema::Schema;
use pipe::{Program, TableEntry};

/// Why a call to the switch failed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SwitchError {
    /// The connection is gone (or was never made, or another client is
    /// primary, or the switch did not answer in time): reconnect.
    #[error("switch channel: {0}")]
    Channel(String),
    /// The switch refused a request (the connection is fine): the agent's
    /// image and the switch may differ; resynchronise.
    #[error("the switch refused: {0}")]
    Refused(String),
    /// The TLS handshake failed on certificates (either side's): trying
    /// again with the same files cannot help.
    #[error("{0}")]
    Tls(String),
    /// The switch runs another program.
    #[error("the switch at {addr} runs another program: {message}")]
    OtherProgram {
        /// Address.
        addr: String,
        /// What differs.
        message: String,
    },
    /// The switch cannot do what the agent asked of this program (register
    /// cells on a switch whose P4Runtime server cannot reach registers):
    /// the agent's layout does not suit the switch.
    #[error("{0}")]
    Unsupported(String),
}

/// Counters of the P4Runtime side.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize)]
pub struct SwitchStats {
    /// Write RPCs.
    pub write_rpcs: u64,
    /// Updates they carried.
    pub updates: u64,
    /// Read RPCs.
    pub read_rpcs: u64,
    /// Successful (re)connections.
    pub connects: u64,
    /// Times the connection was found lost.
    pub disconnects: u64,
    /// Pipeline (re)sets: each empties the switch's tables and registers.
    pub resets: u64,
    /// Sum of the Write round trips, ns.
    pub write_ns: u64,
}

/// A P4Runtime switch running CoFilter's program: a `tandem switch --grpc`
/// daemon, or a switch running p4c's compilation of it.
pub struct P4rtSwitch {
    rt: tokio::runtime::Runtime,
    target: p4rt::client::Target,
    device_id: u64,
    election_id: u128,
    client: Option<Client>,
    schema: Schema,
    /// The program as `pipe` JSON (Tandem's switch's device config).
    device_config: Vec<u8>,
    /// A pipeline of the switch's own kind to load into a switch that runs
    /// none, or to require of one that runs a P4Info (`--p4info`,
    /// `--device-config`).
    load: Option<(cfg::P4Info, Vec<u8>)>,
    /// The switch runs p4c's program (as found at the last connection).
    foreign: Option<Box<Foreign>>,
    timeout: Duration,
    /// The pipeline config's cookie as last seen or set.
    cookie: Option<u64>,
    stats: SwitchStats,
    /// Told every Write's round trip.
    observer: Option<p4rt::remote::WriteObserver>,
}

impl std::fmt::Debug for P4rtSwitch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("P4rtSwitch")
            .field("addr", &self.target.addr)
            .field("connected", &self.client.is_some())
            .field("stats", &self.stats)
            .finish_non_exhaustive()
    }
}

fn channel(e: impl std::fmt::Display) -> SwitchError {
    SwitchError::Channel(e.to_string())
}

/// Whether a status is the switch refusing a request (the connection is
/// fine and we are primary).
fn is_refusal(s: &tonic::Status) -> bool {
    match s.code() {
        tonic::Code::Unavailable
        | tonic::Code::Cancelled
        | tonic::Code::DeadlineExceeded
        | tonic::Code::PermissionDenied => false,
        tonic::Code::Unknown => !s.details().is_empty(),
        _ => true,
    }
}

/// The longest idle timeout an entry carries on a switch running p4c's
/// program, and so the longest time since its last hit that such a switch
/// reports: BMv2's P4Runtime server (PI) answers `time_since_last_hit` as
/// the entry's timeout less its remaining time, and computes the remaining
/// time in 32 bits of ns (it wraps every 4.29 s), so with a longer timeout
/// the times it reports are wrong by multiples of 4.29 s. An entry idle for
/// longer reads as hit this long ago: CoFilter's idle scans must come more
/// often than this (`tandem filter agent --scan-every`).
pub const P4C_HIT_HORIZON: Duration = Duration::from_secs(4);

/// Why a register cell cannot be reached on a switch running p4c's program.
fn no_registers(what: &str) -> SwitchError {
    SwitchError::Unsupported(format!(
        "{what}: the switch runs p4c's compilation of the program, and its P4Runtime server cannot write or read registers; run the agent and the switch's program with the cells in tables (--cells tables, which needs --state-bits 0)"
    ))
}

impl P4rtSwitch {
    /// Connects to `addr` (`http://host:port`) as device `device_id`'s client
    /// with `election_id`, requires to become primary, and makes sure the
    /// switch runs `program`: sets it when the switch has none, refuses one
    /// running another. Every call waits at most `timeout`.
    pub fn connect(
        addr: impl Into<p4rt::client::Target>,
        device_id: u64,
        election_id: u128,
        program: Program,
        timeout: Duration,
    ) -> Result<P4rtSwitch, SwitchError> {
        Self::connect_with(addr, device_id, election_id, program, timeout, None)
    }

    /// [`P4rtSwitch::connect`], also to a switch that runs p4c's compilation
    /// of `program` (BMv2 `simple_switch_grpc`): `load` (its P4Info and
    /// device config, e.g. p4c's P4Info and BMv2 JSON) is set when the
    /// switch runs nothing, and required to be what a switch running a
    /// P4Info runs. Without it, a switch that runs nothing must be Tandem's
    /// own (it is given the `pipe` program); one that runs a P4Info has it
    /// checked against the program by name ([`p4rt::foreign::ForeignInfo::check`]).
    pub fn connect_with(
        addr: impl Into<p4rt::client::Target>,
        device_id: u64,
        election_id: u128,
        program: Program,
        timeout: Duration,
        load: Option<(cfg::P4Info, Vec<u8>)>,
    ) -> Result<P4rtSwitch, SwitchError> {
        let rt = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .thread_name("p4rt-agent")
            .enable_all()
            .build()
            .map_err(channel)?;
        let device_config = serde_json::to_vec(&program).map_err(channel)?;
        let mut s = P4rtSwitch {
            rt,
            target: addr.into(),
            device_id,
            election_id,
            client: None,
            schema: Schema::new(program),
            device_config,
            load,
            foreign: None,
            timeout,
            cookie: None,
            stats: SwitchStats::default(),
            observer: None,
        };
        s.reconnect()?;
        Ok(s)
    }

    /// Connects again: a new stream, primary again, the program checked.
    /// The switch's state is whatever it kept: resynchronise after this.
    pub fn reconnect(&mut self) -> Result<(), SwitchError> {
        self.client = None;
        let (target, timeout) = (self.target.clone(), self.timeout);
        let addr = target.url();
        let mut c = self
            .block(Client::connect_to(
                &target,
                self.device_id,
                self.election_id,
                timeout,
            ))?
            .map_err(|e| {
                if e.is_tls_refusal() {
                    SwitchError::Tls(e.to_string())
                } else {
                    channel(e)
                }
            })?;
        if !c.is_primary() {
            return Err(SwitchError::Channel(format!(
                "the switch at {addr} made another client primary (our election id {})",
                self.election_id
            )));
        }
        let other = |message: String| SwitchError::OtherProgram {
            addr: addr.clone(),
            message,
        };
        let attached = self
            .block(p4rt::attach::attach(
                &mut c,
                self.schema.program(),
                &self.device_config,
                self.load.as_ref(),
                0,
                timeout,
            ))?
            .map_err(|e| match e {
                AttachError::Client(e) => channel(e),
                AttachError::Timeout { .. } => channel(e),
                AttachError::OtherPipe(theirs) => other(format!(
                    "it runs `{theirs}`, not the CoFilter program of this layout (start both with the same --sram-mib, --fingerprint-bits, --state-bits, --cells)"
                )),
                AttachError::Foreign(m) => other(m),
            })?;
        self.foreign = match attached.pipeline {
            Pipeline::Tandem => None,
            Pipeline::Foreign(f) => Some(f),
        };
        self.cookie = attached.cookie;
        if attached.loaded {
            self.stats.resets += 1;
        }
        self.client = Some(c);
        self.stats.connects += 1;
        Ok(())
    }

    /// Whether the switch runs p4c's compilation of the program (not
    /// Tandem's own switch), as found at the last connection.
    pub fn runs_p4c(&self) -> bool {
        self.foreign.is_some()
    }

    /// The pipeline config as this agent sets it: Tandem's P4Info and the
    /// `pipe` program, or p4c's P4Info and device config.
    fn pipeline_config(&self) -> Result<(cfg::P4Info, Vec<u8>), SwitchError> {
        match &self.foreign {
            None => Ok((
                p4rt::p4info(self.schema.program()).map_err(channel)?,
                self.device_config.clone(),
            )),
            Some(f) if f.device_config.is_empty() => Err(SwitchError::Unsupported(format!(
                "the switch at {} reported no device config to set its pipeline again with: give --p4info and --device-config",
                self.target.addr
            ))),
            Some(f) => Ok((f.p4info.clone(), f.device_config.clone())),
        }
    }

    /// Commits the program again with config cookie `cookie`: the switch
    /// starts over with empty tables, zeroed registers and unconfigured
    /// meters.
    pub fn reset(&mut self, cookie: u64) -> Result<(), SwitchError> {
        let (info, config) = self.pipeline_config()?;
        self.call(async move |c| c.set_pipeline(info, config, cookie).await)?;
        self.cookie = Some(cookie);
        self.stats.resets += 1;
        Ok(())
    }

    /// Sets the config cookie of the running program, keeping the switch's
    /// state (RECONCILE_AND_COMMIT). A switch running p4c's program is not
    /// marked: BMv2's P4Runtime server answers every RECONCILE_AND_COMMIT
    /// with "Error when reconciling config" (and the next with "Error in
    /// first phase of device update"), so nothing is sent and its cookie
    /// stays the one its pipeline was set with: every resynchronisation of
    /// such a switch starts it over.
    pub fn mark(&mut self, cookie: u64) -> Result<(), SwitchError> {
        if self.foreign.is_some() {
            return Ok(());
        }
        let (info, config) = self.pipeline_config()?;
        self.call(async move |c| c.set_cookie(info, config, cookie).await)?;
        self.cookie = Some(cookie);
        Ok(())
    }

    /// The pipeline config's cookie as seen at the last (re)connection or
    /// set since (`None`: the switch daemon loaded the program itself).
    pub fn cookie(&self) -> Option<u64> {
        self.cookie
    }

    /// Whether the connection is up (as far as the last call saw).
    pub fn is_connected(&self) -> bool {
        self.client.is_some()
    }

    /// Looks at the stream channel without waiting; notices a lost
    /// connection or another primary. True while connected.
    pub fn check(&mut self) -> bool {
        let Some(mut c) = self.client.take() else {
            return false;
        };
        let alive = matches!(self.block(c.drain()), Ok(Ok(_))) && c.is_primary();
        if alive {
            self.client = Some(c);
        } else {
            self.stats.disconnects += 1;
        }
        alive
    }

    /// Counters so far.
    pub fn stats(&self) -> &SwitchStats {
        &self.stats
    }

    /// Calls `f` with the round trip of every Write from now on, answered
    /// or not (e.g. a latency histogram).
    pub fn set_write_observer(&mut self, f: p4rt::remote::WriteObserver) {
        self.observer = Some(f);
    }

    /// The switch's address.
    pub fn addr(&self) -> &str {
        &self.target.addr
    }

    /// Every entry of table `table` on the switch.
    pub fn read_table(&mut self, table: &str) -> Result<Vec<TableEntry>, SwitchError> {
        Ok(self
            .read_entries(table, false)?
            .into_iter()
            .map(|(e, _)| e)
            .collect())
    }

    /// Every entry of table `table` with, if `hits`, the ns since a packet
    /// last hit it (`time_since_last_hit`).
    fn read_entries(
        &mut self,
        table: &str,
        hits: bool,
    ) -> Result<Vec<(TableEntry, Option<u64>)>, SwitchError> {
        let table_id = match &self.foreign {
            None => self
                .schema
                .table_index(table)
                .map(|t| {
                    p4rt::p4info::object_id(p4rt::proto::p4::config::v1::p4_ids::Prefix::Table, t)
                })
                .ok_or_else(|| {
                    SwitchError::Refused(format!("no table `{table}` in the program"))
                })?,
            // A table the program never applies is not in p4c's program.
            Some(f) if !f.info.on_switch(table) => return Ok(Vec::new()),
            Some(f) => f
                .info
                .table_id(table)
                .ok_or_else(|| SwitchError::Refused(format!("no table `{table}` on the switch")))?,
        };
        let want = p4::Entity {
            entity: Some(p4::entity::Entity::TableEntry(p4::TableEntry {
                table_id,
                time_since_last_hit: hits.then_some(p4::table_entry::IdleTimeout { elapsed_ns: 0 }),
                ..Default::default()
            })),
        };
        self.stats.read_rpcs += 1;
        let entities = self.call(async move |c| c.read(vec![want]).await)?;
        entities
            .into_iter()
            .map(|e| match e.entity {
                Some(p4::entity::Entity::TableEntry(te)) => {
                    let elapsed = te
                        .time_since_last_hit
                        .map(|t| u64::try_from(t.elapsed_ns).unwrap_or(0));
                    let entry = match &self.foreign {
                        None => self
                            .schema
                            .entry_from_p4(&te, false)
                            .map(|(_, entry)| entry)
                            .map_err(|r| SwitchError::Refused(r.message)),
                        Some(f) => f
                            .info
                            .entry_from_p4(&te)
                            .map(|(_, entry)| entry)
                            .map_err(SwitchError::Refused),
                    }?;
                    Ok((entry, elapsed))
                }
                _ => Err(SwitchError::Refused(format!(
                    "a Read of table `{table}` answered another kind of entity"
                ))),
            })
            .collect()
    }

    /// The configuration of cell `index` of meter `meter` (`None`:
    /// unconfigured), read by the ids of the switch's kind.
    pub fn read_meter(
        &mut self,
        meter: &str,
        index: u32,
    ) -> Result<Option<pipe::meter::MeterConfig>, SwitchError> {
        let id = match &self.foreign {
            None => self.schema.meter_id(meter),
            Some(f) => f.info.meter_id(meter),
        }
        .ok_or_else(|| SwitchError::Refused(format!("no meter `{meter}` on the switch")))?;
        self.stats.read_rpcs += 1;
        let got = self.call(async move |c| c.read_meter(id, u64::from(index)).await)?;
        let n = |v: i64| u64::try_from(v).unwrap_or(0);
        Ok(got.map(|c| pipe::meter::MeterConfig {
            cir: n(c.cir),
            cburst: n(c.cburst),
            pir: n(c.pir),
            pburst: n(c.pburst),
        }))
    }

    fn to_p4(&self, w: &Write) -> Result<p4::Update, SwitchError> {
        let unknown = |what: &str, name: &str| {
            SwitchError::Refused(format!("no {what} `{name}` in the program"))
        };
        let foreign = self.foreign.as_ref().map(|f| &f.info);
        Ok(match w {
            Write::Register(r) => {
                if foreign.is_some() {
                    return Err(no_registers(&format!(
                        "a write of register `{}`",
                        r.register
                    )));
                }
                let id = self
                    .schema
                    .register_id(&r.register)
                    .ok_or_else(|| unknown("register", &r.register))?;
                register_update(id, Some(u64::from(r.index)), r.value)
            }
            Write::Meter {
                meter,
                index,
                config,
            } => {
                let id = match foreign {
                    None => self.schema.meter_id(meter),
                    Some(f) => f.meter_id(meter),
                }
                .ok_or_else(|| unknown("meter", meter))?;
                let n = |v: u64| i64::try_from(v).unwrap_or(i64::MAX);
                meter_update(
                    id,
                    Some(u64::from(*index)),
                    config.map(|c| p4::MeterConfig {
                        cir: n(c.cir),
                        cburst: n(c.cburst),
                        pir: n(c.pir),
                        pburst: n(c.pburst),
                        eburst: 0,
                    }),
                )
            }
            Write::Table(u) => match foreign {
                None => self.schema.update_to_p4(u),
                Some(f) => f.update_to_p4_idle(
                    u,
                    f.idle_timeout_ns(u.table())
                        .min(P4C_HIT_HORIZON.as_nanos() as u64),
                ),
            }
            .map_err(SwitchError::Refused)?,
        })
    }

    fn block<T>(&self, f: impl Future<Output = T>) -> Result<T, SwitchError> {
        let timeout = self.timeout;
        self.rt
            .block_on(async { tokio::time::timeout(timeout, f).await })
            .map_err(|_| SwitchError::Channel(format!("no answer within {timeout:?}")))
    }

    /// Runs one client call; a failure that is not a refusal marks the
    /// connection lost.
    fn call<T>(
        &mut self,
        f: impl AsyncFnOnce(&mut Client) -> Result<T, ClientError>,
    ) -> Result<T, SwitchError> {
        let Some(mut c) = self.client.take() else {
            return Err(SwitchError::Channel(format!(
                "not connected to the switch at {}",
                self.target.addr
            )));
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
            Ok(Err(e)) => match e.status() {
                Some(s) if is_refusal(s) => {
                    let first = write_errors(s)
                        .into_iter()
                        .find(|x| {
                            x.canonical_code != tonic::Code::Ok as i32
                                && x.canonical_code != tonic::Code::Aborted as i32
                        })
                        .map_or_else(|| e.to_string(), |x| x.message);
                    self.client = Some(c);
                    Err(SwitchError::Refused(first))
                }
                _ => {
                    self.stats.disconnects += 1;
                    Err(channel(e))
                }
            },
            Err(_) => {
                self.stats.disconnects += 1;
                Err(SwitchError::Channel(format!(
                    "no answer within {timeout:?}"
                )))
            }
        }
    }
}

impl SwitchIo for P4rtSwitch {
    type Error = SwitchError;

    /// One Write RPC (`CONTINUE_ON_ERROR`; Tandem's switch applies it under
    /// one lock, so packets see all of it or none of it); any refused update
    /// fails the call.
    fn write(&mut self, writes: &[Write]) -> Result<(), SwitchError> {
        if writes.is_empty() {
            return Ok(());
        }
        let updates = writes
            .iter()
            .map(|w| self.to_p4(w))
            .collect::<Result<Vec<_>, _>>()?;
        self.stats.write_rpcs += 1;
        self.stats.updates += updates.len() as u64;
        let start = std::time::Instant::now();
        let r = self.call(async move |c| {
            c.write(updates, p4::write_request::Atomicity::ContinueOnError)
                .await
        });
        let rtt = start.elapsed();
        self.stats.write_ns += u64::try_from(rtt.as_nanos()).unwrap_or(u64::MAX);
        if let Some(f) = &self.observer {
            f(rtt);
        }
        r
    }

    fn read_registers(&mut self, cells: &[(String, u32)]) -> Result<Vec<u64>, SwitchError> {
        if cells.is_empty() {
            return Ok(Vec::new());
        }
        if self.foreign.is_some() {
            return Err(no_registers(&format!(
                "a read of register `{}`",
                cells[0].0
            )));
        }
        let wanted = cells
            .iter()
            .map(|(r, i)| {
                self.schema
                    .register_id(r)
                    .map(|id| (id, Some(u64::from(*i))))
                    .ok_or_else(|| {
                        SwitchError::Refused(format!("no register `{r}` in the program"))
                    })
            })
            .collect::<Result<Vec<_>, _>>()?;
        self.stats.read_rpcs += 1;
        let got = self.call(async move |c| c.read_registers(&wanted).await)?;
        if got.len() != cells.len() {
            return Err(SwitchError::Refused(format!(
                "asked for {} register cells, the switch answered {}",
                cells.len(),
                got.len()
            )));
        }
        Ok(got.into_iter().map(|c| c.value).collect())
    }

    /// One Read of the whole table asking for `time_since_last_hit`; an
    /// entry's last hit is `now` less the time the switch reports
    /// (saturating at 0).
    fn read_hits(&mut self, table: &str, now: u64) -> Result<Vec<(TableEntry, u64)>, SwitchError> {
        self
            .read_entries(table, true)?
            .into_iter()
            .map(|(e, elapsed)| {
                let elapsed = elapsed.ok_or_else(|| {
                    SwitchError::Refused(format!(
                        "a Read of table `{table}` with time_since_last_hit answered an entry without it (does the switch's program keep the table's hit times, P4's support_timeout?)"
                    ))
                })?;
                let elapsed = match self.foreign {
                    Some(_) => elapsed.min(P4C_HIT_HORIZON.as_nanos() as u64),
                    None => elapsed,
                };
                Ok((e, now.saturating_sub(elapsed)))
            })
            .collect()
    }
}
