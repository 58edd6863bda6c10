//! Translation between P4Runtime entities (ids, byte strings) and `pipe`'s
//! control-plane types (names, integers), for one program.

use pipe::{KeyMatch, MatchKind, Program, TableEntry, Update};

use crate::p4info::object_id;
use crate::proto::p4::config::v1::p4_ids::Prefix;
use crate::proto::p4::v1 as p4;
use crate::value;

/// Why an entity does not fit the program, with the gRPC code to answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    /// Canonical gRPC code (`tonic::Code` as i32).
    pub code: tonic::Code,
    /// What is wrong and where.
    pub message: String,
}

impl Refusal {
    pub(crate) fn invalid(message: impl Into<String>) -> Refusal {
        Refusal {
            code: tonic::Code::InvalidArgument,
            message: message.into(),
        }
    }
    pub(crate) fn not_found(message: impl Into<String>) -> Refusal {
        Refusal {
            code: tonic::Code::NotFound,
            message: message.into(),
        }
    }
    pub(crate) fn unimplemented(message: impl Into<String>) -> Refusal {
        Refusal {
            code: tonic::Code::Unimplemented,
            message: message.into(),
        }
    }
}

/// Index of the object with P4Runtime id `id` of kind `prefix` among `len`.
pub fn index_of(id: u32, prefix: Prefix, len: usize) -> Option<usize> {
    if id >> 24 != prefix as u32 {
        return None;
    }
    let i = (id & 0x00ff_ffff) as usize;
    (1..=len).contains(&i).then(|| i - 1)
}

/// A program's objects as P4Runtime addresses them.
#[derive(Debug, Clone)]
pub struct Schema {
    program: Program,
    /// Per table: key widths.
    key_widths: Vec<Vec<u8>>,
}

impl Schema {
    /// The schema of a validated program.
    pub fn new(program: Program) -> Schema {
        let key_widths = program
            .tables
            .iter()
            .map(|t| {
                t.keys
                    .iter()
                    // Validation refuses unknown fields: 0 is never kept.
                    .map(|k| {
                        program
                            .field_width(&k.field.header, &k.field.field)
                            .unwrap_or(0)
                    })
                    .collect()
            })
            .collect();
        Schema {
            program,
            key_widths,
        }
    }

    /// The program.
    pub fn program(&self) -> &Program {
        &self.program
    }

    /// Table index and name of a table id.
    pub fn table(&self, id: u32) -> Result<(usize, &str), Refusal> {
        index_of(id, Prefix::Table, self.program.tables.len())
            .map(|i| (i, self.program.tables[i].name.as_str()))
            .ok_or_else(|| Refusal::not_found(format!("no table with id {id:#x}")))
    }

    /// Register index and name of a register id.
    pub fn register(&self, id: u32) -> Result<(usize, &str), Refusal> {
        index_of(id, Prefix::Register, self.program.registers.len())
            .map(|i| (i, self.program.registers[i].name.as_str()))
            .ok_or_else(|| Refusal::not_found(format!("no register with id {id:#x}")))
    }

    /// Counter index and name of a counter id.
    pub fn counter(&self, id: u32) -> Result<(usize, &str), Refusal> {
        index_of(id, Prefix::Counter, self.program.counters.len())
            .map(|i| (i, self.program.counters[i].name.as_str()))
            .ok_or_else(|| Refusal::not_found(format!("no counter with id {id:#x}")))
    }

    /// Meter index and name of a meter id.
    pub fn meter(&self, id: u32) -> Result<(usize, &str), Refusal> {
        index_of(id, Prefix::Meter, self.program.meters.len())
            .map(|i| (i, self.program.meters[i].name.as_str()))
            .ok_or_else(|| Refusal::not_found(format!("no meter with id {id:#x}")))
    }

    /// The P4Runtime id of register `name`.
    pub fn register_id(&self, name: &str) -> Option<u32> {
        self.program
            .registers
            .iter()
            .position(|r| r.name == name)
            .map(|i| object_id(Prefix::Register, i))
    }

    /// The P4Runtime id of counter `name`.
    pub fn counter_id(&self, name: &str) -> Option<u32> {
        self.program
            .counters
            .iter()
            .position(|c| c.name == name)
            .map(|i| object_id(Prefix::Counter, i))
    }

    /// The P4Runtime id of meter `name`.
    pub fn meter_id(&self, name: &str) -> Option<u32> {
        self.program
            .meters
            .iter()
            .position(|m| m.name == name)
            .map(|i| object_id(Prefix::Meter, i))
    }

    /// Width of register `r`'s cells.
    pub fn register_width(&self, r: usize) -> u8 {
        self.program.registers[r].width
    }

    /// The table name and `pipe` entry of a P4Runtime table entry. With
    /// `key_only` the action may be absent (deletes).
    pub fn entry_from_p4(
        &self,
        e: &p4::TableEntry,
        key_only: bool,
    ) -> Result<(String, TableEntry), Refusal> {
        let (t, name) = self.table(e.table_id)?;
        let table = &self.program.tables[t];
        if e.is_default_action {
            return Err(Refusal::unimplemented(format!(
                "table `{name}`: changing the default action is not supported by Tandem's switch"
            )));
        }
        let mut key: Vec<Option<KeyMatch>> = vec![None; table.keys.len()];
        for m in &e.r#match {
            let k = (m.field_id as usize)
                .checked_sub(1)
                .filter(|k| *k < table.keys.len())
                .ok_or_else(|| {
                    Refusal::invalid(format!(
                        "table `{name}`: no match field with id {}",
                        m.field_id
                    ))
                })?;
            if key[k].is_some() {
                return Err(Refusal::invalid(format!(
                    "table `{name}`: match field {} given twice",
                    m.field_id
                )));
            }
            let w = self.key_widths[t][k];
            let fname = table.keys[k].field.to_string();
            let what = format!("table `{name}`, match field `{fname}`");
            use p4::field_match::FieldMatchType as F;
            let km = match (&m.field_match_type, table.keys[k].kind) {
                (Some(F::Exact(x)), MatchKind::Exact) => {
                    KeyMatch::Exact(value::decode(&x.value, w, &what).map_err(Refusal::invalid)?)
                }
                (Some(F::Ternary(x)), MatchKind::Ternary) => {
                    let value = value::decode(&x.value, w, &what).map_err(Refusal::invalid)?;
                    let mask = value::decode(&x.mask, w, &what).map_err(Refusal::invalid)?;
                    if mask == 0 {
                        return Err(Refusal::invalid(format!(
                            "{what}: a zero mask must be sent by leaving the field out"
                        )));
                    }
                    KeyMatch::Ternary { value, mask }
                }
                (Some(F::Lpm(x)), MatchKind::Lpm) => {
                    let value = value::decode(&x.value, w, &what).map_err(Refusal::invalid)?;
                    let len = u8::try_from(x.prefix_len)
                        .ok()
                        .filter(|l| *l >= 1 && *l <= w)
                        .ok_or_else(|| {
                            Refusal::invalid(format!(
                                "{what}: prefix length {} is not in 1..={w} (leave the field out for 0)",
                                x.prefix_len
                            ))
                        })?;
                    KeyMatch::Lpm {
                        value,
                        prefix_len: len,
                    }
                }
                (other, kind) => {
                    return Err(Refusal::invalid(format!(
                        "{what}: is {kind:?} but the entry gives {}",
                        match other {
                            Some(F::Exact(_)) => "an exact match",
                            Some(F::Ternary(_)) => "a ternary match",
                            Some(F::Lpm(_)) => "an LPM match",
                            Some(F::Range(_)) => "a range match",
                            Some(F::Optional(_)) => "an optional match",
                            Some(F::Other(_)) => "another match kind",
                            None => "no match value",
                        }
                    )));
                }
            };
            key[k] = Some(km);
        }
        let key = key
            .into_iter()
            .zip(&table.keys)
            .map(|(m, k)| match (m, k.kind) {
                (Some(m), _) => Ok(m),
                (None, MatchKind::Ternary) => Ok(KeyMatch::Ternary { value: 0, mask: 0 }),
                (None, MatchKind::Lpm) => Ok(KeyMatch::Lpm {
                    value: 0,
                    prefix_len: 0,
                }),
                (None, MatchKind::Exact) => Err(Refusal::invalid(format!(
                    "table `{name}`: exact match field `{}` is missing",
                    k.field
                ))),
            })
            .collect::<Result<Vec<_>, _>>()?;
        let ternary = table.keys.iter().any(|k| k.kind == MatchKind::Ternary);
        let priority = u32::try_from(e.priority).map_err(|_| {
            Refusal::invalid(format!("table `{name}`: negative priority {}", e.priority))
        })?;
        if ternary && priority == 0 {
            return Err(Refusal::invalid(format!(
                "table `{name}` has ternary fields: entries need a priority above 0"
            )));
        }
        if !ternary && priority != 0 {
            return Err(Refusal::invalid(format!(
                "table `{name}` has no ternary fields: priority must be 0, not {priority}"
            )));
        }
        if e.idle_timeout_ns != 0 {
            let table_ns = table.idle_timeout.map(|d| d.as_nanos());
            if table_ns != Some(e.idle_timeout_ns as u128) {
                return Err(Refusal::invalid(format!(
                    "table `{name}`: idle_timeout_ns {} differs from the table's own timeout ({}); Tandem's timeouts are per table",
                    e.idle_timeout_ns,
                    table_ns.map_or("none".to_string(), |n| n.to_string())
                )));
            }
        }
        let (action, args) = match &e.action {
            None if key_only => (String::new(), Vec::new()),
            None => {
                return Err(Refusal::invalid(format!(
                    "table `{name}`: the entry has no action"
                )));
            }
            Some(p4::TableAction {
                r#type: Some(p4::table_action::Type::Action(a)),
            }) => self.action_from_p4(name, &table.actions, a)?,
            Some(_) => {
                return Err(Refusal::unimplemented(format!(
                    "table `{name}`: action profiles are not supported by Tandem's switch"
                )));
            }
        };
        Ok((
            name.to_string(),
            TableEntry {
                key,
                action,
                args,
                priority,
            },
        ))
    }

    fn action_from_p4(
        &self,
        table: &str,
        allowed: &[String],
        a: &p4::Action,
    ) -> Result<(String, Vec<u64>), Refusal> {
        let i =
            index_of(a.action_id, Prefix::Action, self.program.actions.len()).ok_or_else(|| {
                Refusal::not_found(format!(
                    "table `{table}`: no action with id {:#x}",
                    a.action_id
                ))
            })?;
        let action = &self.program.actions[i];
        if !allowed.contains(&action.name) {
            return Err(Refusal::invalid(format!(
                "table `{table}`: action `{}` is not one of its actions",
                action.name
            )));
        }
        let mut args: Vec<Option<u64>> = vec![None; action.params.len()];
        for p in &a.params {
            let k = (p.param_id as usize)
                .checked_sub(1)
                .filter(|k| *k < action.params.len())
                .ok_or_else(|| {
                    Refusal::invalid(format!(
                        "action `{}`: no parameter with id {}",
                        action.name, p.param_id
                    ))
                })?;
            let f = &action.params[k];
            let what = format!("action `{}`, parameter `{}`", action.name, f.name);
            if args[k].is_some() {
                return Err(Refusal::invalid(format!("{what}: given twice")));
            }
            args[k] = Some(value::decode(&p.value, f.width, &what).map_err(Refusal::invalid)?);
        }
        let args = args
            .into_iter()
            .zip(&action.params)
            .map(|(v, f)| {
                v.ok_or_else(|| {
                    Refusal::invalid(format!(
                        "action `{}`: parameter `{}` is missing",
                        action.name, f.name
                    ))
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok((action.name.clone(), args))
    }

    /// A `pipe` entry of table `t` as P4Runtime writes it (canonical bytes;
    /// don't-care ternary and LPM fields left out).
    pub fn entry_to_p4(&self, t: usize, e: &TableEntry) -> p4::TableEntry {
        let table = &self.program.tables[t];
        let r#match = e
            .key
            .iter()
            .enumerate()
            .filter_map(|(k, m)| field_match(m, self.key_widths[t][k], k as u32 + 1))
            .collect();
        let action = self
            .program
            .actions
            .iter()
            .position(|a| a.name == e.action)
            .map(|i| {
                let a = &self.program.actions[i];
                p4::TableAction {
                    r#type: Some(p4::table_action::Type::Action(p4::Action {
                        action_id: object_id(Prefix::Action, i),
                        params: e
                            .args
                            .iter()
                            .zip(&a.params)
                            .enumerate()
                            .map(|(k, (v, f))| p4::action::Param {
                                param_id: k as u32 + 1,
                                value: value::encode(*v, f.width),
                            })
                            .collect(),
                    })),
                }
            });
        p4::TableEntry {
            table_id: object_id(Prefix::Table, t),
            r#match,
            action,
            priority: i32::try_from(e.priority).unwrap_or(i32::MAX),
            idle_timeout_ns: table
                .idle_timeout
                .map_or(0, |d| i64::try_from(d.as_nanos()).unwrap_or(i64::MAX)),
            ..Default::default()
        }
    }

    /// Index of table `name`.
    pub fn table_index(&self, name: &str) -> Option<usize> {
        self.program.tables.iter().position(|t| t.name == name)
    }

    /// A `pipe` update of a table as P4Runtime writes it to Tandem's switch.
    pub fn update_to_p4(&self, u: &Update) -> Result<p4::Update, String> {
        let t = self
            .table_index(u.table())
            .ok_or_else(|| format!("no table `{}` in the program", u.table()))?;
        let (kind, entry, _) = update_parts(u);
        Ok(table_update(kind, self.entry_to_p4(t, &entry)))
    }
}

/// What a `pipe` update writes: its kind, the entry (a delete's: its key
/// and priority, no action) and whether only the key goes (a delete).
pub(crate) fn update_parts(u: &Update) -> (p4::update::Type, TableEntry, bool) {
    match u {
        Update::Insert { entry, .. } => (p4::update::Type::Insert, entry.clone(), false),
        Update::Modify { entry, .. } => (p4::update::Type::Modify, entry.clone(), false),
        Update::Delete { key, priority, .. } => (
            p4::update::Type::Delete,
            TableEntry {
                key: key.clone(),
                action: String::new(),
                args: Vec::new(),
                priority: *priority,
            },
            true,
        ),
    }
}

/// A P4Runtime update of table entry `te`.
pub(crate) fn table_update(kind: p4::update::Type, te: p4::TableEntry) -> p4::Update {
    p4::Update {
        r#type: kind as i32,
        entity: Some(p4::Entity {
            entity: Some(p4::entity::Entity::TableEntry(te)),
        }),
    }
}

/// Key field `m` of width `w` as P4Runtime writes it (canonical bytes), or
/// None for a don't-care ternary or LPM field, which P4Runtime leaves out.
pub(crate) fn field_match(m: &KeyMatch, w: u8, field_id: u32) -> Option<p4::FieldMatch> {
    use p4::field_match::{Exact, FieldMatchType as F, Lpm, Ternary};
    let t = match *m {
        KeyMatch::Exact(v) => F::Exact(Exact {
            value: value::encode(v, w),
        }),
        KeyMatch::Ternary { mask: 0, .. } | KeyMatch::Lpm { prefix_len: 0, .. } => return None,
        KeyMatch::Ternary { value: v, mask } => F::Ternary(Ternary {
            value: value::encode(v & mask, w),
            mask: value::encode(mask, w),
        }),
        KeyMatch::Lpm {
            value: v,
            prefix_len,
        } => F::Lpm(Lpm {
            value: value::encode(v, w),
            prefix_len: i32::from(prefix_len),
        }),
    };
    Some(p4::FieldMatch {
        field_id,
        field_match_type: Some(t),
    })
}
