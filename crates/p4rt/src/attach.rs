//! What a switch runs, as a client of a `pipe` program's switch part finds
//! it at (re)connection, and the pipeline loaded when it runs none: the
//! choice `tandem server` ([`crate::remote::RemoteSwitch`]) and CoFilter's
//! agent (`filterd::switch::P4rtSwitch`) both make.
//!
//! - A switch whose device config is a `pipe` program is Tandem's own
//!   (`tandem switch --grpc`): it must run the same program.
//! - Any other runs a P4Info, held against the program by name
//!   ([`ForeignInfo::check`]); given a P4Info (`--p4info`), the switch's must
//!   be the same.
//! - A switch that runs nothing is loaded: with the given P4Info and device
//!   config (p4c's P4Info and BMv2 JSON), checked first; without them only
//!   Tandem's own switch, which takes the program as `pipe` JSON (BMv2 aborts
//!   on one), asked by its `Capabilities`.

use std::time::Duration;

use pipe::Program;

use crate::client::{Client, ClientError};
use crate::foreign::ForeignInfo;
use crate::proto::p4::config::v1 as cfg;

/// What the switch runs for the program.
#[derive(Debug, Clone)]
pub enum Pipeline {
    /// Tandem's own switch, running the program as its `pipe` device config.
    Tandem,
    /// Another P4Runtime switch (BMv2 `simple_switch_grpc`), running a P4Info
    /// that fits the program.
    Foreign(Box<Foreign>),
}

/// A switch that runs a P4Info of its own (p4c's) for the program.
#[derive(Debug, Clone)]
pub struct Foreign {
    /// The switch's P4Info as it reported it (or as loaded).
    pub p4info: cfg::P4Info,
    /// The same, checked against the program.
    pub info: ForeignInfo,
    /// The device config it runs (as loaded or given, or as the switch
    /// reported it; empty if it reported none): what a pipeline re-set
    /// sends.
    pub device_config: Vec<u8>,
}

/// The switch as found (and loaded) at a connection.
#[derive(Debug, Clone)]
pub struct Attached {
    /// What it runs.
    pub pipeline: Pipeline,
    /// This connection loaded the pipeline (the switch ran none): its
    /// tables are empty and its registers zero.
    pub loaded: bool,
    /// The pipeline config's cookie (the one set when `loaded`).
    pub cookie: Option<u64>,
}

/// Why the switch cannot serve the program.
#[derive(Debug, thiserror::Error)]
pub enum AttachError {
    /// A P4Runtime call failed.
    #[error(transparent)]
    Client(#[from] ClientError),
    /// A call got no answer in time.
    #[error("{call}: no answer within {timeout:?}")]
    Timeout {
        /// Call.
        call: &'static str,
        /// Bound.
        timeout: Duration,
    },
    /// Tandem's switch runs another `pipe` program (its name).
    #[error("it runs `{0}`")]
    OtherPipe(String),
    /// The switch's P4Info does not describe the program, or is not the one
    /// given, or is missing; or the switch runs nothing and cannot be given
    /// the program: what to do.
    #[error("{0}")]
    Foreign(String),
}

async fn within<T>(
    call: &'static str,
    timeout: Duration,
    f: impl Future<Output = Result<T, ClientError>>,
) -> Result<T, AttachError> {
    tokio::time::timeout(timeout, f)
        .await
        .map_err(|_| AttachError::Timeout { call, timeout })?
        .map_err(AttachError::Client)
}

/// Finds what the switch behind `c` (connected, primary) runs and checks it
/// against `program`, or loads a pipeline into a switch that runs none:
/// `load` (a P4Info and device config of the switch's own kind) if given,
/// else `program` as `pipe` JSON (`pipe_config`) into Tandem's switch;
/// `cookie` is the loaded config's. Every call waits at most `timeout`.
pub async fn attach(
    c: &mut Client,
    program: &Program,
    pipe_config: &[u8],
    load: Option<&(cfg::P4Info, Vec<u8>)>,
    cookie: u64,
    timeout: Duration,
) -> Result<Attached, AttachError> {
    let running = tokio::time::timeout(timeout, c.get_pipeline())
        .await
        .map_err(|_| AttachError::Timeout {
            call: "GetForwardingPipelineConfig",
            timeout,
        })?;
    let checked = |info: &cfg::P4Info| {
        ForeignInfo::check(info, program).map_err(|e| AttachError::Foreign(e.to_string()))
    };
    match running {
        Ok(config) if !config.p4_device_config.is_empty() || config.p4info.is_some() => {
            let cookie = config.cookie.map(|c| c.cookie);
            match crate::server::program_from_device_config(&config.p4_device_config) {
                Ok(theirs) => {
                    if theirs != *program {
                        return Err(AttachError::OtherPipe(theirs.name));
                    }
                    Ok(Attached {
                        pipeline: Pipeline::Tandem,
                        loaded: false,
                        cookie,
                    })
                }
                Err(_) => {
                    let p4info = config.p4info.ok_or_else(|| {
                        AttachError::Foreign("it runs a program without a P4Info".to_string())
                    })?;
                    let mut device_config = config.p4_device_config;
                    if let Some((want, given)) = load {
                        if crate::to_bytes(want) != crate::to_bytes(&p4info) {
                            return Err(AttachError::Foreign(
                                "its P4Info differs from the one given (--p4info)".to_string(),
                            ));
                        }
                        device_config = given.clone();
                    }
                    let info = checked(&p4info)?;
                    Ok(Attached {
                        pipeline: Pipeline::Foreign(Box::new(Foreign {
                            p4info,
                            info,
                            device_config,
                        })),
                        loaded: false,
                        cookie,
                    })
                }
            }
        }
        // No pipeline yet (FAILED_PRECONDITION) or an empty one.
        _ => {
            let pipeline = if let Some((p4info, device_config)) = load {
                let info = checked(p4info)?;
                within(
                    "SetForwardingPipelineConfig",
                    timeout,
                    c.set_pipeline(p4info.clone(), device_config.clone(), cookie),
                )
                .await?;
                Pipeline::Foreign(Box::new(Foreign {
                    p4info: p4info.clone(),
                    info,
                    device_config: device_config.clone(),
                }))
            } else {
                // Only Tandem's own switch takes a `pipe` program as its
                // device config (BMv2 aborts on one).
                let version = within("Capabilities", timeout, c.capabilities()).await?;
                if version != crate::server::API_VERSION {
                    return Err(AttachError::Foreign(format!(
                        "it runs no program, and as a P4Runtime {version} server it is not Tandem's \
                         switch (which takes the switch part as `pipe` JSON): load the p4c-compiled \
                         switch part first, or give --p4info and --device-config"
                    )));
                }
                let info = crate::p4info(program)
                    .map_err(|e| AttachError::Foreign(format!("the program's P4Info: {e}")))?;
                within(
                    "SetForwardingPipelineConfig",
                    timeout,
                    c.set_pipeline(info, pipe_config.to_vec(), cookie),
                )
                .await?;
                Pipeline::Tandem
            };
            Ok(Attached {
                pipeline,
                loaded: true,
                cookie: Some(cookie),
            })
        }
    }
}
