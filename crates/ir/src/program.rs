//! The program structure: state and event declarations and the per-packet handler CFG.

pub use crate::id::{BlockId, EventId, StateId, ValueId};
use crate::op::{Op, Terminator};
use crate::types::{Type, Value};
use serde::{Deserialize, Serialize};

/// What kind of state object, with its declared size. Sizes are what the switch
/// resource checker charges.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum StateKind {
    /// Exact-match map. `init` entries are present at start (e.g. firewall rules).
    Map {
        /// Key type.
        key: Type,
        /// Value type.
        value: Type,
        /// Maximum number of entries.
        capacity: u32,
        /// Entries not looked up or written for this long are removed (nanoseconds).
        idle_timeout_ns: Option<u64>,
        /// Initial entries.
        init: Vec<(Value, Value)>,
    },
    /// Read-only vector, indexed by `bit<N>` (e.g. the load balancer's backends).
    Vector {
        /// Element type.
        elem: Type,
        /// The elements; the declared length is `init.len()`.
        init: Vec<Value>,
    },
    /// Scalar register / counter.
    Register {
        /// Value type.
        ty: Type,
        /// Initial value.
        init: Value,
    },
    /// Register array: `len` read-write elements, initially zero.
    RegArray {
        /// Element type.
        elem: Type,
        /// Number of elements.
        len: u32,
    },
}

/// A declared state object.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct StateDecl {
    /// Unique name (identifier characters only).
    pub name: String,
    /// Kind and size.
    pub kind: StateKind,
}

/// A declared event kind (`emit alert { host: ... }`).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct EventDecl {
    /// Unique name.
    pub name: String,
    /// Fields, in order.
    pub fields: Vec<(String, Type)>,
}

/// One operation with its typed results (zero, one, or two for `map.get`).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Inst {
    /// Values defined, with their types.
    pub results: Vec<(ValueId, Type)>,
    /// The operation.
    pub op: Op,
}

/// A basic block: parameters (the SSA merge values, in place of phis), straight-line
/// instructions, one terminator.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Block {
    /// Parameters bound by the jumping predecessor.
    pub params: Vec<(ValueId, Type)>,
    /// Instructions in execution order.
    pub insts: Vec<Inst>,
    /// How the block ends.
    pub term: Terminator,
}

/// The per-packet handler. Execution starts in `blocks[0]`, which has no parameters.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Function {
    /// Blocks; `BlockId(i)` is `blocks[i]`.
    pub blocks: Vec<Block>,
}

/// A whole NF program.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Program {
    /// Program name (identifier characters only).
    pub name: String,
    /// State objects.
    pub states: Vec<StateDecl>,
    /// Event kinds.
    pub events: Vec<EventDecl>,
    /// The handler run once per packet.
    pub handler: Function,
}

impl Program {
    /// State object by id.
    pub fn state(&self, id: StateId) -> Option<&StateDecl> {
        self.states.get(id.0 as usize)
    }

    /// State object id by name.
    pub fn state_id(&self, name: &str) -> Option<StateId> {
        self.states
            .iter()
            .position(|s| s.name == name)
            .and_then(|i| u32::try_from(i).ok())
            .map(StateId)
    }

    /// Event kind by id.
    pub fn event(&self, id: EventId) -> Option<&EventDecl> {
        self.events.get(id.0 as usize)
    }

    /// One past the largest value id in use (for passes that allocate new values).
    pub fn next_value_id(&self) -> u32 {
        let mut max = 0;
        for b in &self.handler.blocks {
            for (v, _) in b
                .params
                .iter()
                .chain(b.insts.iter().flat_map(|i| i.results.iter()))
            {
                max = max.max(v.0.saturating_add(1));
            }
        }
        max
    }
}

impl Function {
    /// Block by id.
    pub fn block(&self, id: BlockId) -> Option<&Block> {
        self.blocks.get(id.0 as usize)
    }
}
