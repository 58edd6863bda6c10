//! The indices that name values, blocks, state objects and events; the
//! instructions ([`crate::Op`]) and the program structure both refer to them.

use serde::{Deserialize, Serialize};

/// An SSA value, printed `%N`. Defined exactly once: by an instruction result or a block parameter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct ValueId(pub u32);

/// A basic block, printed `bbN`; the index into [`crate::Function::blocks`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct BlockId(pub u32);

/// A state object, printed `@name`; the index into [`crate::Program::states`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct StateId(pub u32);

/// An event kind, printed `!name`; the index into [`crate::Program::events`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct EventId(pub u32);
