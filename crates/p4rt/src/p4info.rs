//! P4Info (`p4.config.v1.P4Info`) of a `pipe` program, in protobuf binary and
//! text format.
//!
//! What it lists: every table (match fields with their P4Runtime match kind and
//! bit width, allowed actions, default action with arguments, size, idle-timeout
//! behaviour), every action with its parameters, every register and counter, and
//! the controller packet metadata of the CPU port (see [`PACKET_IN`]). The
//! program has no meters, so none are listed.
//!
//! Names are the program's names (what the emitted P4 calls the object); each
//! preamble's `alias` is the same name. Ids follow P4Runtime's rule that the top
//! byte is the object kind ([`Prefix`]): below it is the object's position in the
//! program, counted from 1 (the `n`-th table is `0x02000000 + n`). p4c instead
//! hashes the fully qualified name, so ids differ between the two, names do not.
//!
//! Not listed: the objects the emitted P4 uses to carry out Gallium's atomic
//! update (the `<table>_wb` write-back tables, their `tandem_wb_delete_<table>`
//! actions, the `tandem_wb_visible` register) and p4c's `NoAction`: a P4Runtime
//! client asks for an atomic update with `DATAPLANE_ATOMIC` and the switch runs
//! the protocol itself (docs/SWITCH.md, "On real targets — P4Runtime").

use std::sync::OnceLock;

use prost::Message;
use prost_reflect::{DescriptorPool, DynamicMessage};

use pipe::{CounterKind, MatchKind, MeterKind, Program, ProgramError, StdField};

use crate::proto::p4::config::v1 as cfg;
use cfg::p4_ids::Prefix;

/// The schema, as checked in (`proto/p4runtime.fds.bin`).
pub const DESCRIPTOR_SET: &[u8] = include_bytes!("../proto/p4runtime.fds.bin");

/// Name of the controller packet metadata of packets sent to the controller.
pub const PACKET_IN: &str = "packet_in";
/// Name of the controller packet metadata of packets from the controller.
pub const PACKET_OUT: &str = "packet_out";
/// The one metadata field of both: the port a packet entered the switch on
/// (`packet_in`; the CPU port for a packet that was itself a packet-out), or
/// the port a packet-out enters as (`packet_out`; absent: the CPU port). It
/// travels beside the packet, not in it: the frames on Tandem's CPU port carry
/// the program's own headers (e.g. the transfer header) in-band.
pub const INGRESS_PORT_METADATA_ID: u32 = 1;

/// Why a P4Info could not be made or read.
#[derive(Debug, thiserror::Error)]
pub enum P4InfoError {
    /// The program is not valid.
    #[error(transparent)]
    Program(#[from] ProgramError),
    /// Text or binary format that is not a P4Info.
    #[error("not a P4Info: {0}")]
    Format(String),
}

/// The P4Runtime id of the `index`-th (from 0) object of a kind.
pub fn object_id(prefix: Prefix, index: usize) -> u32 {
    ((prefix as u32) << 24) | (index as u32 + 1)
}

/// The P4Info of `program` (validated first).
pub fn p4info(program: &Program) -> Result<cfg::P4Info, P4InfoError> {
    program.validate()?;
    Ok(build(program))
}

fn preamble(prefix: Prefix, index: usize, name: &str) -> Option<cfg::Preamble> {
    Some(cfg::Preamble {
        id: object_id(prefix, index),
        name: name.to_string(),
        alias: name.to_string(),
        ..Default::default()
    })
}

fn build(p: &Program) -> cfg::P4Info {
    let action_id = |name: &str| {
        p.actions
            .iter()
            .position(|a| a.name == name)
            .map_or(0, |i| object_id(Prefix::Action, i))
    };
    let tables = p
        .tables
        .iter()
        .enumerate()
        .map(|(i, t)| {
            let default_id = action_id(&t.default_action.action);
            let default_params = p
                .actions
                .iter()
                .find(|a| a.name == t.default_action.action)
                .map(|a| a.params.as_slice())
                .unwrap_or_default();
            let mut action_refs: Vec<cfg::ActionRef> = t
                .actions
                .iter()
                .map(|a| cfg::ActionRef {
                    id: action_id(a),
                    ..Default::default()
                })
                .collect();
            if !t.actions.contains(&t.default_action.action) {
                action_refs.push(cfg::ActionRef {
                    id: default_id,
                    scope: cfg::action_ref::Scope::DefaultOnly as i32,
                    annotations: vec!["@defaultonly".to_string()],
                    ..Default::default()
                });
            }
            cfg::Table {
                preamble: preamble(Prefix::Table, i, &t.name),
                match_fields: t
                    .keys
                    .iter()
                    .enumerate()
                    .map(|(k, key)| cfg::MatchField {
                        id: k as u32 + 1,
                        name: key.field.to_string(),
                        bitwidth: i32::from(
                            p.field_width(&key.field.header, &key.field.field)
                                .unwrap_or(0),
                        ),
                        r#match: Some(cfg::match_field::Match::MatchType(match key.kind {
                            MatchKind::Exact => cfg::match_field::MatchType::Exact as i32,
                            MatchKind::Ternary => cfg::match_field::MatchType::Ternary as i32,
                            MatchKind::Lpm => cfg::match_field::MatchType::Lpm as i32,
                        })),
                        ..Default::default()
                    })
                    .collect(),
                action_refs,
                initial_default_action: Some(cfg::TableActionCall {
                    action_id: default_id,
                    arguments: t
                        .default_action
                        .args
                        .iter()
                        .zip(default_params)
                        .enumerate()
                        .map(|(k, (v, f))| cfg::table_action_call::Argument {
                            param_id: k as u32 + 1,
                            value: crate::value::encode(*v, f.width),
                        })
                        .collect(),
                }),
                size: i64::from(t.size),
                idle_timeout_behavior: if t.idle_timeout.is_some() {
                    cfg::table::IdleTimeoutBehavior::NotifyControl as i32
                } else {
                    cfg::table::IdleTimeoutBehavior::NoTimeout as i32
                },
                ..Default::default()
            }
        })
        .collect();
    let actions = p
        .actions
        .iter()
        .enumerate()
        .map(|(i, a)| cfg::Action {
            preamble: preamble(Prefix::Action, i, &a.name),
            params: a
                .params
                .iter()
                .enumerate()
                .map(|(k, f)| cfg::action::Param {
                    id: k as u32 + 1,
                    name: f.name.clone(),
                    bitwidth: i32::from(f.width),
                    ..Default::default()
                })
                .collect(),
        })
        .collect();
    let registers = p
        .registers
        .iter()
        .enumerate()
        .map(|(i, r)| cfg::Register {
            preamble: preamble(Prefix::Register, i, &r.name),
            type_spec: Some(bit_type(r.width)),
            size: i32::try_from(r.size).unwrap_or(i32::MAX),
            ..Default::default()
        })
        .collect();
    let counters = p
        .counters
        .iter()
        .enumerate()
        .map(|(i, c)| cfg::Counter {
            preamble: preamble(Prefix::Counter, i, &c.name),
            spec: Some(cfg::CounterSpec {
                unit: match c.kind {
                    CounterKind::Packets => cfg::counter_spec::Unit::Packets,
                    CounterKind::Bytes => cfg::counter_spec::Unit::Bytes,
                    CounterKind::PacketsAndBytes => cfg::counter_spec::Unit::Both,
                } as i32,
            }),
            size: i64::from(c.size),
            ..Default::default()
        })
        .collect();
    let meters = p
        .meters
        .iter()
        .enumerate()
        .map(|(i, m)| cfg::Meter {
            preamble: preamble(Prefix::Meter, i, &m.name),
            spec: Some(cfg::MeterSpec {
                unit: match m.kind {
                    MeterKind::Packets => cfg::meter_spec::Unit::Packets,
                    MeterKind::Bytes => cfg::meter_spec::Unit::Bytes,
                } as i32,
                r#type: cfg::meter_spec::Type::TwoRateThreeColor as i32,
            }),
            size: i64::from(m.size),
            ..Default::default()
        })
        .collect();
    let port_md = cfg::controller_packet_metadata::Metadata {
        id: INGRESS_PORT_METADATA_ID,
        name: "ingress_port".to_string(),
        bitwidth: i32::from(StdField::IngressPort.width()),
        ..Default::default()
    };
    let controller_packet_metadata = [PACKET_IN, PACKET_OUT]
        .iter()
        .enumerate()
        .map(|(i, name)| cfg::ControllerPacketMetadata {
            preamble: preamble(Prefix::ControllerHeader, i, name),
            metadata: vec![port_md.clone()],
        })
        .collect();
    cfg::P4Info {
        pkg_info: Some(cfg::PkgInfo {
            name: p.name.clone(),
            arch: "tandem-pipe".to_string(),
            ..Default::default()
        }),
        tables,
        actions,
        counters,
        meters,
        registers,
        controller_packet_metadata,
        ..Default::default()
    }
}

fn bit_type(width: u8) -> cfg::P4DataTypeSpec {
    use cfg::p4_bitstring_like_type_spec::TypeSpec as Bs;
    use cfg::p4_data_type_spec::TypeSpec;
    cfg::P4DataTypeSpec {
        type_spec: Some(TypeSpec::Bitstring(cfg::P4BitstringLikeTypeSpec {
            type_spec: Some(Bs::Bit(cfg::P4BitTypeSpec {
                bitwidth: i32::from(width),
            })),
            ..Default::default()
        })),
    }
}

fn pool() -> Result<&'static DescriptorPool, P4InfoError> {
    static POOL: OnceLock<Result<DescriptorPool, String>> = OnceLock::new();
    POOL.get_or_init(|| DescriptorPool::decode(DESCRIPTOR_SET).map_err(|e| e.to_string()))
        .as_ref()
        .map_err(|e| P4InfoError::Format(format!("the built-in schema does not load: {e}")))
}

fn descriptor() -> Result<prost_reflect::MessageDescriptor, P4InfoError> {
    pool()?
        .get_message_by_name("p4.config.v1.P4Info")
        .ok_or_else(|| P4InfoError::Format("the schema has no p4.config.v1.P4Info".into()))
}

/// Protobuf text format, as `p4c --p4runtime-files x.txtpb` writes and
/// p4runtime-shell reads.
pub fn to_text(info: &cfg::P4Info) -> Result<String, P4InfoError> {
    let msg = DynamicMessage::decode(descriptor()?, info.encode_to_vec().as_slice())
        .map_err(|e| P4InfoError::Format(e.to_string()))?;
    let opts = prost_reflect::text_format::FormatOptions::new().pretty(true);
    Ok(format!(
        "# proto-file: p4/config/v1/p4info.proto\n# proto-message: p4.config.v1.P4Info\n\n{}\n",
        msg.to_text_format_with_options(&opts)
    ))
}

/// Parses protobuf text format.
pub fn from_text(text: &str) -> Result<cfg::P4Info, P4InfoError> {
    let msg = DynamicMessage::parse_text_format(descriptor()?, text)
        .map_err(|e| P4InfoError::Format(e.to_string()))?;
    cfg::P4Info::decode(msg.encode_to_vec().as_slice())
        .map_err(|e| P4InfoError::Format(e.to_string()))
}

/// Protobuf binary format.
pub fn to_bytes(info: &cfg::P4Info) -> Vec<u8> {
    info.encode_to_vec()
}

/// Parses protobuf binary format.
pub fn from_bytes(bytes: &[u8]) -> Result<cfg::P4Info, P4InfoError> {
    cfg::P4Info::decode(bytes).map_err(|e| P4InfoError::Format(e.to_string()))
}
