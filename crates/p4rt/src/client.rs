//! A P4Runtime client: connect, become primary, set the pipeline, write
//! batches, read, packet-out and packet-in, idle-timeout notifications;
//! register cells and meter configurations ([`register_update`],
//! [`Client::read_registers`], [`meter_update`], [`Client::read_meter`]).
//!
//! This is what Tandem's server runtime will use to drive a remote switch
//! (docs/SWITCH.md, "On real targets — P4Runtime" says how its calls map).

use std::time::Duration;

use prost::Message;
use tokio::sync::mpsc;
use tonic::transport::Channel;

use crate::proto::google::rpc;
use crate::proto::p4::config::v1 as cfg;
use crate::proto::p4::v1 as p4;
use crate::proto::p4::v1::p4_runtime_client::P4RuntimeClient;

/// Bound of the outgoing stream queue (packet-outs waiting to be sent).
pub const OUT_QUEUE: usize = 1024;

/// Largest answer the client decodes (gRPC's default is 4 MiB): a Read of
/// whole register arrays answers one entity per cell.
pub const MAX_ANSWER: usize = 256 << 20;

/// One register cell as a Read answers it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RegisterCell {
    /// The register's P4Runtime id.
    pub register_id: u32,
    /// The cell.
    pub index: u64,
    /// Its value.
    pub value: u64,
}

/// A MODIFY of register `register_id`'s cell `index` (`None`: every cell of
/// the array, as P4Runtime allows) to `value`. Register entries are only
/// modified (spec §9.3): every cell always holds a value.
pub fn register_update(register_id: u32, index: Option<u64>, value: u64) -> p4::Update {
    p4::Update {
        r#type: p4::update::Type::Modify as i32,
        entity: Some(p4::Entity {
            entity: Some(p4::entity::Entity::RegisterEntry(p4::RegisterEntry {
                register_id,
                index: index.map(|i| p4::Index {
                    index: i64::try_from(i).unwrap_or(i64::MAX),
                }),
                data: Some(p4::P4Data {
                    data: Some(p4::p4_data::Data::Bitstring(crate::value::encode(
                        value, 64,
                    ))),
                }),
            })),
        }),
    }
}

/// A MODIFY of meter `meter_id`'s cell `index` (`None`: every cell) to
/// `config` (`None`: unconfigured, every packet green; spec §9.4).
pub fn meter_update(
    meter_id: u32,
    index: Option<u64>,
    config: Option<p4::MeterConfig>,
) -> p4::Update {
    p4::Update {
        r#type: p4::update::Type::Modify as i32,
        entity: Some(p4::Entity {
            entity: Some(p4::entity::Entity::MeterEntry(p4::MeterEntry {
                meter_id,
                index: index.map(|i| p4::Index {
                    index: i64::try_from(i).unwrap_or(i64::MAX),
                }),
                config,
                ..Default::default()
            })),
        }),
    }
}

/// Why a client call failed.
#[derive(Debug, thiserror::Error)]
pub enum ClientError {
    /// Could not connect.
    #[error("cannot connect to {addr}: {}", crate::tls::error_chain(.source))]
    Connect {
        /// Address.
        addr: String,
        /// Cause.
        source: tonic::transport::Error,
    },
    /// The connection was made but closed before the first answer: most
    /// often the TLS handshake failing on the switch's side.
    #[error("the switch at {addr} closed the connection before answering: {detail}{hint}")]
    Refused {
        /// Address.
        addr: String,
        /// What the transport said.
        detail: String,
        /// What that most likely means.
        hint: &'static str,
    },
    /// The server answered with an error status.
    #[error("{call}: {status}")]
    Status {
        /// RPC.
        call: &'static str,
        /// Status (for Write: with per-update errors, see [`write_errors`]).
        status: Box<tonic::Status>,
    },
    /// The stream ended or did not answer in time.
    #[error("stream channel: {0}")]
    Stream(String),
    /// The outgoing queue is full.
    #[error("stream channel: outgoing queue full ({OUT_QUEUE} messages)")]
    QueueFull,
}

impl ClientError {
    /// Whether the switch refused this client at the TLS handshake (or
    /// this client refused the switch's certificate): trying again with the
    /// same files cannot help.
    pub fn is_tls_refusal(&self) -> bool {
        match self {
            // A plain-text client's hint is a guess from a closed
            // connection, which a switch starting up can cause too: that
            // one is retried.
            ClientError::Refused { addr, .. } => addr.starts_with("https://"),
            ClientError::Connect { source, .. } => {
                crate::tls::error_chain(source).contains("certificate")
            }
            _ => false,
        }
    }

    /// The gRPC status, if the server answered with one.
    pub fn status(&self) -> Option<&tonic::Status> {
        match self {
            ClientError::Status { status, .. } => Some(status),
            _ => None,
        }
    }
}

/// The per-update errors of a failed Write (spec §12.3), in update order.
pub fn write_errors(status: &tonic::Status) -> Vec<p4::Error> {
    let Ok(s) = rpc::Status::decode(status.details()) else {
        return Vec::new();
    };
    s.details
        .iter()
        .filter(|a| a.type_url.ends_with("p4.v1.Error"))
        .filter_map(|a| p4::Error::decode(a.value.as_slice()).ok())
        .collect()
}

/// Where a client connects: a switch's address, and TLS if the switch
/// speaks it.
#[derive(Debug, Clone)]
pub struct Target {
    /// `host:port`, or a URL (`http://host:port`, `https://host:port`).
    pub addr: String,
    /// Connect over TLS with this configuration.
    pub tls: Option<crate::tls::ClientTls>,
}

impl Target {
    /// `addr` over TLS when `tls` is given.
    pub fn new(addr: impl Into<String>, tls: Option<crate::tls::ClientTls>) -> Target {
        Target {
            addr: addr.into(),
            tls,
        }
    }

    /// The URL to dial: `https://` with TLS, `http://` without.
    pub fn url(&self) -> String {
        let bare = self
            .addr
            .strip_prefix("http://")
            .or_else(|| self.addr.strip_prefix("https://"))
            .unwrap_or(&self.addr);
        let scheme = if self.tls.is_some() { "https" } else { "http" };
        format!("{scheme}://{bare}")
    }

    async fn channel(&self) -> Result<Channel, tonic::transport::Error> {
        let mut e = tonic::transport::Endpoint::from_shared(self.url())?;
        if let Some(tls) = &self.tls {
            e = e.tls_config(tls.config())?;
        }
        e.connect().await
    }
}

/// A StreamChannel that failed for the transport (no gRPC answer at all)
/// as [`ClientError::Refused`], with what it most likely means; any other
/// status as it is.
fn refused(target: &Target, status: tonic::Status) -> ClientError {
    let Some(source) = std::error::Error::source(&status) else {
        return st("StreamChannel")(status);
    };
    let detail = crate::tls::error_chain(source);
    // The alert a switch sends for a certificate its CA did not sign:
    // UnknownCA when no CA of its names the issuer, DecryptError when one of
    // the same name does but its key did not make the signature. The alert
    // may also be lost to the connection's close (the client sees only
    // "connection closed"), and gRPC's C++ servers (BMv2's) send none: a
    // TLS session the switch closes before its first answer is most likely
    // a refused certificate all the same.
    let untrusted = [
        "UnknownCA",
        "BadCertificate",
        "DecryptError",
        "CertificateUnknown",
    ];
    let hint = if untrusted.iter().any(|a| detail.contains(a)) {
        " (the switch does not accept this client's certificate: its --tls-ca did not sign --tls-cert)"
    } else if detail.contains("CertificateRequired") {
        " (the switch requires a client certificate: give --tls-cert and --tls-key)"
    } else if target.tls.is_some() {
        " (the switch closed the TLS session before answering: most likely it does not accept this client's certificate, or requires one)"
    } else {
        " (a switch that serves TLS does this to a plain-text client: give --tls-ca)"
    };
    ClientError::Refused {
        addr: target.url(),
        detail,
        hint,
    }
}

impl From<&str> for Target {
    fn from(addr: &str) -> Target {
        Target::new(addr, None)
    }
}

impl From<&String> for Target {
    fn from(addr: &String) -> Target {
        Target::new(addr.clone(), None)
    }
}

impl From<String> for Target {
    fn from(addr: String) -> Target {
        Target::new(addr, None)
    }
}

/// A connected client with its stream channel open.
#[derive(Debug)]
pub struct Client {
    rpc: P4RuntimeClient<Channel>,
    device_id: u64,
    election_id: u128,
    out: mpsc::Sender<p4::StreamMessageRequest>,
    incoming: tonic::Streaming<p4::StreamMessageResponse>,
    /// Stream messages received while waiting for something else.
    backlog: std::collections::VecDeque<p4::StreamMessageResponse>,
    primary: bool,
}

fn uint128(v: u128) -> p4::Uint128 {
    p4::Uint128 {
        high: (v >> 64) as u64,
        low: v as u64,
    }
}

fn st(call: &'static str) -> impl FnOnce(tonic::Status) -> ClientError {
    move |status| ClientError::Status {
        call,
        status: Box::new(status),
    }
}

impl Client {
    /// Connects to `addr` (`http://host:port`), opens the stream channel and
    /// sends an arbitration update for `device_id` with `election_id`; waits
    /// up to `timeout` for the answer. [`Client::is_primary`] tells the result.
    pub async fn connect(
        addr: &str,
        device_id: u64,
        election_id: u128,
        timeout: Duration,
    ) -> Result<Client, ClientError> {
        Self::connect_to(&Target::from(addr), device_id, election_id, timeout).await
    }

    /// [`Client::connect`] to `target`, over TLS when it says so.
    pub async fn connect_to(
        target: &Target,
        device_id: u64,
        election_id: u128,
        timeout: Duration,
    ) -> Result<Client, ClientError> {
        let channel = target
            .channel()
            .await
            .map_err(|source| ClientError::Connect {
                addr: target.url(),
                source,
            })?;
        let mut rpc = P4RuntimeClient::new(channel).max_decoding_message_size(MAX_ANSWER);
        let (out, rx) = mpsc::channel(OUT_QUEUE);
        let arb = p4::StreamMessageRequest {
            update: Some(p4::stream_message_request::Update::Arbitration(
                p4::MasterArbitrationUpdate {
                    device_id,
                    election_id: Some(uint128(election_id)),
                    ..Default::default()
                },
            )),
        };
        out.try_send(arb).map_err(|_| ClientError::QueueFull)?;
        let incoming = rpc
            .stream_channel(tokio_stream::wrappers::ReceiverStream::new(rx))
            .await
            .map_err(|status| refused(target, status))?
            .into_inner();
        let mut c = Client {
            rpc,
            device_id,
            election_id,
            out,
            incoming,
            backlog: Default::default(),
            primary: false,
        };
        let a = c
            .wait_for(timeout, |m| {
                matches!(
                    m.update,
                    Some(p4::stream_message_response::Update::Arbitration(_))
                )
            })
            .await?;
        c.note_arbitration(&a);
        Ok(c)
    }

    fn note_arbitration(&mut self, m: &p4::StreamMessageResponse) {
        if let Some(p4::stream_message_response::Update::Arbitration(a)) = &m.update {
            self.primary = a
                .status
                .as_ref()
                .is_some_and(|s| s.code == tonic::Code::Ok as i32);
        }
    }

    /// Whether the last arbitration answer made this client primary.
    pub fn is_primary(&self) -> bool {
        self.primary
    }

    /// The server's API version.
    pub async fn capabilities(&mut self) -> Result<String, ClientError> {
        Ok(self
            .rpc
            .capabilities(p4::CapabilitiesRequest {})
            .await
            .map_err(st("Capabilities"))?
            .into_inner()
            .p4runtime_api_version)
    }

    /// VERIFY_AND_COMMIT a P4Info and device config (for Tandem's switch: the
    /// `pipe` program as JSON).
    pub async fn set_pipeline(
        &mut self,
        p4info: cfg::P4Info,
        device_config: Vec<u8>,
        cookie: u64,
    ) -> Result<(), ClientError> {
        let req = p4::SetForwardingPipelineConfigRequest {
            device_id: self.device_id,
            election_id: Some(uint128(self.election_id)),
            action: p4::set_forwarding_pipeline_config_request::Action::VerifyAndCommit as i32,
            config: Some(p4::ForwardingPipelineConfig {
                p4info: Some(p4info),
                p4_device_config: device_config,
                cookie: Some(p4::forwarding_pipeline_config::Cookie { cookie }),
            }),
            ..Default::default()
        };
        self.rpc
            .set_forwarding_pipeline_config(req)
            .await
            .map_err(st("SetForwardingPipelineConfig"))?;
        Ok(())
    }

    /// RECONCILE_AND_COMMIT of the program the device runs: keeps its state
    /// and sets the config's cookie (Tandem's switch refuses another
    /// program here). A client marks with the cookie what the switch holds,
    /// e.g. whose state it has been given.
    pub async fn set_cookie(
        &mut self,
        p4info: cfg::P4Info,
        device_config: Vec<u8>,
        cookie: u64,
    ) -> Result<(), ClientError> {
        let req = p4::SetForwardingPipelineConfigRequest {
            device_id: self.device_id,
            election_id: Some(uint128(self.election_id)),
            action: p4::set_forwarding_pipeline_config_request::Action::ReconcileAndCommit as i32,
            config: Some(p4::ForwardingPipelineConfig {
                p4info: Some(p4info),
                p4_device_config: device_config,
                cookie: Some(p4::forwarding_pipeline_config::Cookie { cookie }),
            }),
            ..Default::default()
        };
        self.rpc
            .set_forwarding_pipeline_config(req)
            .await
            .map_err(st("SetForwardingPipelineConfig"))?;
        Ok(())
    }

    /// The device's P4Info and device config.
    pub async fn get_pipeline(&mut self) -> Result<p4::ForwardingPipelineConfig, ClientError> {
        let r = self
            .rpc
            .get_forwarding_pipeline_config(p4::GetForwardingPipelineConfigRequest {
                device_id: self.device_id,
                response_type: 0,
            })
            .await
            .map_err(st("GetForwardingPipelineConfig"))?;
        r.into_inner()
            .config
            .ok_or_else(|| ClientError::Stream("GetForwardingPipelineConfig: no config".into()))
    }

    /// Sends one Write of `updates` with `atomicity`. On failure the error's
    /// status holds one `p4.v1.Error` per update ([`write_errors`]).
    pub async fn write(
        &mut self,
        updates: Vec<p4::Update>,
        atomicity: p4::write_request::Atomicity,
    ) -> Result<(), ClientError> {
        let req = p4::WriteRequest {
            device_id: self.device_id,
            election_id: Some(uint128(self.election_id)),
            updates,
            atomicity: atomicity as i32,
            ..Default::default()
        };
        self.rpc.write(req).await.map_err(st("Write"))?;
        Ok(())
    }

    /// A handle that sends Writes on this client's connection without
    /// borrowing the client, so that several Writes can be in flight at once
    /// (HTTP/2 carries each on its own stream).
    pub fn writer(&self) -> Writer {
        Writer {
            rpc: self.rpc.clone(),
            device_id: self.device_id,
            election_id: self.election_id,
        }
    }

    /// Reads `entities` (wildcards as the spec allows: table id 0, no match,
    /// no index).
    pub async fn read(
        &mut self,
        entities: Vec<p4::Entity>,
    ) -> Result<Vec<p4::Entity>, ClientError> {
        let mut stream = self
            .rpc
            .read(p4::ReadRequest {
                device_id: self.device_id,
                entities,
                ..Default::default()
            })
            .await
            .map_err(st("Read"))?
            .into_inner();
        let mut out = Vec::new();
        while let Some(r) = stream.message().await.map_err(st("Read"))? {
            out.extend(r.entities);
        }
        Ok(out)
    }

    /// Reads cell `index` of counter `counter_id`: (packets, bytes).
    pub async fn read_counter(
        &mut self,
        counter_id: u32,
        index: u64,
    ) -> Result<(u64, u64), ClientError> {
        let want = p4::Entity {
            entity: Some(p4::entity::Entity::CounterEntry(p4::CounterEntry {
                counter_id,
                index: Some(p4::Index {
                    index: i64::try_from(index).unwrap_or(i64::MAX),
                }),
                data: None,
            })),
        };
        let got = self.read(vec![want]).await?;
        match got.into_iter().next().and_then(|e| e.entity) {
            Some(p4::entity::Entity::CounterEntry(c)) => {
                let d = c.data.unwrap_or_default();
                let n = |v: i64| u64::try_from(v).unwrap_or(0);
                Ok((n(d.packet_count), n(d.byte_count)))
            }
            _ => Err(ClientError::Stream(
                "a counter Read answered no counter cell".into(),
            )),
        }
    }

    /// Reads register cells: for each `(register id, index)`, that cell, or
    /// with index `None` every cell of the array; in the order asked (a
    /// whole array in index order). An unknown register or an index outside
    /// the array fails the whole Read (NOT_FOUND, OUT_OF_RANGE).
    pub async fn read_registers(
        &mut self,
        wanted: &[(u32, Option<u64>)],
    ) -> Result<Vec<RegisterCell>, ClientError> {
        let entities = wanted
            .iter()
            .map(|&(register_id, index)| p4::Entity {
                entity: Some(p4::entity::Entity::RegisterEntry(p4::RegisterEntry {
                    register_id,
                    index: index.map(|i| p4::Index {
                        index: i64::try_from(i).unwrap_or(i64::MAX),
                    }),
                    data: None,
                })),
            })
            .collect();
        self.read(entities)
            .await?
            .into_iter()
            .map(|e| match e.entity {
                Some(p4::entity::Entity::RegisterEntry(r)) => {
                    let index = r
                        .index
                        .and_then(|i| u64::try_from(i.index).ok())
                        .ok_or_else(|| {
                            ClientError::Stream("a register cell without an index".into())
                        })?;
                    let value = match r.data.and_then(|d| d.data) {
                        Some(p4::p4_data::Data::Bitstring(b)) => {
                            crate::value::decode(&b, 64, "register cell")
                                .map_err(ClientError::Stream)?
                        }
                        _ => {
                            return Err(ClientError::Stream(
                                "a register cell without a bitstring".into(),
                            ));
                        }
                    };
                    Ok(RegisterCell {
                        register_id: r.register_id,
                        index,
                        value,
                    })
                }
                _ => Err(ClientError::Stream(
                    "a Read of registers answered another kind of entity".into(),
                )),
            })
            .collect()
    }

    /// The configuration of meter `meter_id`'s cell `index` (`None`:
    /// unconfigured).
    pub async fn read_meter(
        &mut self,
        meter_id: u32,
        index: u64,
    ) -> Result<Option<p4::MeterConfig>, ClientError> {
        let want = p4::Entity {
            entity: Some(p4::entity::Entity::MeterEntry(p4::MeterEntry {
                meter_id,
                index: Some(p4::Index {
                    index: i64::try_from(index).unwrap_or(i64::MAX),
                }),
                ..Default::default()
            })),
        };
        match self.read(vec![want]).await?.pop().and_then(|e| e.entity) {
            Some(p4::entity::Entity::MeterEntry(m)) => Ok(m.config),
            _ => Err(ClientError::Stream(
                "a Read of a meter answered no meter entry".into(),
            )),
        }
    }

    /// Sends a packet-out, entering the switch as from `ingress_port` (None:
    /// the CPU port).
    pub fn packet_out(
        &self,
        payload: Vec<u8>,
        ingress_port: Option<u16>,
    ) -> Result<(), ClientError> {
        let metadata = ingress_port
            .map(|p| p4::PacketMetadata {
                metadata_id: crate::p4info::INGRESS_PORT_METADATA_ID,
                value: crate::value::encode(u64::from(p), 9),
            })
            .into_iter()
            .collect();
        self.out
            .try_send(p4::StreamMessageRequest {
                update: Some(p4::stream_message_request::Update::Packet(p4::PacketOut {
                    payload,
                    metadata,
                })),
            })
            .map_err(|_| ClientError::QueueFull)
    }

    /// The next stream message for which `want` holds, waiting up to
    /// `timeout`; others are kept for later calls (arbitration updates also
    /// update [`Client::is_primary`]).
    pub async fn wait_for(
        &mut self,
        timeout: Duration,
        want: impl Fn(&p4::StreamMessageResponse) -> bool,
    ) -> Result<p4::StreamMessageResponse, ClientError> {
        if let Some(i) = self.backlog.iter().position(&want) {
            if let Some(m) = self.backlog.remove(i) {
                return Ok(m);
            }
        }
        let deadline = tokio::time::Instant::now() + timeout;
        loop {
            let next = tokio::time::timeout_at(deadline, self.incoming.message())
                .await
                .map_err(|_| ClientError::Stream(format!("nothing wanted within {timeout:?}")))?
                .map_err(st("StreamChannel"))?
                .ok_or_else(|| ClientError::Stream("the server closed the stream".into()))?;
            self.note_arbitration(&next);
            if want(&next) {
                return Ok(next);
            }
            if self.backlog.len() >= OUT_QUEUE {
                self.backlog.pop_front();
            }
            self.backlog.push_back(next);
        }
    }

    /// Every stream message that has arrived, without waiting (those kept
    /// by earlier calls first; arbitration updates also update
    /// [`Client::is_primary`]). An error when the stream has ended: the
    /// switch closed it or the connection is lost.
    pub async fn drain(&mut self) -> Result<Vec<p4::StreamMessageResponse>, ClientError> {
        let mut out: Vec<p4::StreamMessageResponse> = self.backlog.drain(..).collect();
        loop {
            match tokio::time::timeout(Duration::ZERO, self.incoming.message()).await {
                Err(_) => return Ok(out),
                Ok(Ok(Some(m))) => {
                    self.note_arbitration(&m);
                    out.push(m);
                    if out.len() >= OUT_QUEUE {
                        return Ok(out);
                    }
                }
                Ok(Ok(None)) => {
                    return Err(ClientError::Stream("the server closed the stream".into()));
                }
                Ok(Err(status)) => return Err(st("StreamChannel")(status)),
            }
        }
    }

    /// The next packet-in.
    pub async fn packet_in(&mut self, timeout: Duration) -> Result<p4::PacketIn, ClientError> {
        match self
            .wait_for(timeout, |m| {
                matches!(
                    m.update,
                    Some(p4::stream_message_response::Update::Packet(_))
                )
            })
            .await?
            .update
        {
            Some(p4::stream_message_response::Update::Packet(p)) => Ok(p),
            _ => Err(ClientError::Stream("not a packet-in".into())),
        }
    }

    /// The next idle-timeout notification.
    pub async fn idle_timeout(
        &mut self,
        timeout: Duration,
    ) -> Result<p4::IdleTimeoutNotification, ClientError> {
        match self
            .wait_for(timeout, |m| {
                matches!(
                    m.update,
                    Some(p4::stream_message_response::Update::IdleTimeoutNotification(_))
                )
            })
            .await?
            .update
        {
            Some(p4::stream_message_response::Update::IdleTimeoutNotification(n)) => Ok(n),
            _ => Err(ClientError::Stream(
                "not an idle-timeout notification".into(),
            )),
        }
    }
}

/// Sends Writes on a [`Client`]'s connection ([`Client::writer`]); clones
/// share the connection. P4Runtime does not order Writes that are in flight
/// together: a caller that needs one applied before another waits for its
/// answer first.
#[derive(Debug, Clone)]
pub struct Writer {
    rpc: P4RuntimeClient<Channel>,
    device_id: u64,
    election_id: u128,
}

impl Writer {
    /// As [`Client::write`].
    pub async fn write(
        &mut self,
        updates: Vec<p4::Update>,
        atomicity: p4::write_request::Atomicity,
    ) -> Result<(), ClientError> {
        let req = p4::WriteRequest {
            device_id: self.device_id,
            election_id: Some(uint128(self.election_id)),
            updates,
            atomicity: atomicity as i32,
            ..Default::default()
        };
        self.rpc.write(req).await.map_err(st("Write"))?;
        Ok(())
    }
}
