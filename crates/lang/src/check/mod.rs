//! Name resolution and type checking. Produces [`Checked`]: the declarations with
//! their resolved types and sizes, a type for every expression, and what every
//! path, call and index refers to — everything lowering needs, so lowering itself
//! cannot fail. All errors are collected; checking continues after each one (an
//! erroneous expression gets type `Error`, which suppresses follow-on errors).

mod calls;
mod consts;
mod decls;
mod effects;
mod entries;
mod expr;
mod paths;
mod stmt;

pub use consts::{FileLoader, FsLoader, Overrides, ParamInfo, show_const, show_value};

use crate::ast::{Block, ExprId, Module};
use crate::diag::{Diagnostic, Diagnostics, Span};
use std::collections::HashMap;
use std::fmt;

/// A type during checking.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ty {
    /// `bool`.
    Bool,
    /// `bit<N>`.
    Bits(u16),
    /// `ipv4`.
    Ipv4,
    /// Anonymous tuple.
    Tuple(Vec<Ty>),
    /// A declared struct (index into [`Checked::structs`]).
    Struct(usize),
    /// An integer literal whose width is not known yet.
    Int,
    /// `list<T>` (parameters and constants only).
    List(Box<Ty>),
    /// `string` (parameters and constants only).
    Str,
    /// A duration literal.
    Duration,
    /// No value (`forward(..)`, `m.insert(..)`).
    Unit,
    /// Already reported; never reported again.
    Error,
}

impl Ty {
    /// True for `Error` (suppress follow-on diagnostics).
    pub fn is_err(&self) -> bool {
        matches!(self, Ty::Error)
    }
}

/// A struct declaration.
#[derive(Clone, Debug)]
pub struct StructDef {
    /// Name.
    pub name: String,
    /// Fields in order.
    pub fields: Vec<(String, Ty)>,
}

/// An event declaration.
#[derive(Clone, Debug)]
pub struct EventDef {
    /// Name.
    pub name: String,
    /// Fields in order.
    pub fields: Vec<(String, Ty)>,
}

/// A compile-time value: parameters, constants, list literals.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ConstVal {
    /// A scalar or tuple value.
    Value(ir::Value),
    /// A list.
    List(Vec<ir::Value>),
    /// A string.
    Str(String),
}

/// A resolved state object; its index is its `ir::StateId`.
#[derive(Clone, Debug)]
pub struct StateDef {
    /// Name.
    pub name: String,
    /// The IR declaration.
    pub kind: ir::StateKind,
    /// Key (maps/sets) or element/value type, as a checker type.
    pub key: Ty,
    /// Value type (maps; `bool` for sets).
    pub value: Ty,
    /// Declared as a `set`.
    pub is_set: bool,
}

/// What a path expression denotes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PathBase {
    /// A local binding.
    Local(String),
    /// A constant value (parameter or `const`).
    Const(ir::Value),
    /// A scalar register.
    Register(ir::StateId),
    /// A header field.
    Field(ir::Field),
    /// A header validity test.
    Valid(ir::Header),
    /// `payload.len`.
    PayloadLen,
    /// `in_port`.
    InPort,
    /// `session.NAME`: a result of session reconstruction.
    Session(ir::SessionField),
}

/// A resolved path: a base and tuple/struct projections (element indices).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PathRes {
    /// The base.
    pub base: PathBase,
    /// Projections applied in order.
    pub proj: Vec<u32>,
}

/// What a call denotes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CallRes {
    /// `forward(port)`.
    Forward,
    /// `drop()`.
    Drop,
    /// `now()`.
    Now,
    /// `crc16(..)`, `crc32(..)`, `hash(..)`.
    Hash(ir::HashAlg),
    /// `len(x)`: a constant.
    Len(u64),
    /// `m.contains(k)`.
    Contains(ir::StateId),
    /// `m.insert(k, v)` / `s.insert(k)`.
    Insert(ir::StateId),
    /// `m.remove(k)`.
    Remove(ir::StateId),
    /// `payload.contains("..")`.
    PayloadContains(Vec<u8>),
    /// `payload.starts_with("..")`.
    PayloadStartsWith(Vec<u8>),
}

/// What an index expression denotes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IndexRes {
    /// A vector or register-array element.
    Array(ir::StateId),
    /// A payload byte.
    Payload,
}

/// Output of checking: everything lowering needs.
pub struct Checked<'m> {
    /// Structs.
    pub structs: Vec<StructDef>,
    /// Events.
    pub events: Vec<EventDef>,
    /// State objects in declaration order.
    pub states: Vec<StateDef>,
    /// Type of every expression (by id); `None` for unchecked ones.
    pub types: Vec<Option<Ty>>,
    /// Resolved paths.
    pub paths: HashMap<ExprId, PathRes>,
    /// Resolved calls.
    pub calls: HashMap<ExprId, CallRes>,
    /// Resolved indexing.
    pub indexes: HashMap<ExprId, IndexRes>,
    /// Constant lists of `in` expressions (keyed by the `in` expression).
    pub in_lists: HashMap<ExprId, Vec<ir::Value>>,
    /// Constant integer values of loop bounds (keyed by the bound expression).
    pub bounds: HashMap<ExprId, u128>,
    /// The handler body.
    pub handler: Option<&'m Block>,
    /// Final parameter values, in declaration order.
    pub params: Vec<(String, ConstVal)>,
}

impl Checked<'_> {
    /// The checked type of an expression (`Error` if it was never checked).
    pub fn ty(&self, id: ExprId) -> Ty {
        self.types
            .get(id as usize)
            .cloned()
            .flatten()
            .unwrap_or(Ty::Error)
    }

    /// Converts a checked type to an IR type (structs become tuples).
    pub fn ir_type(&self, t: &Ty) -> ir::Type {
        match t {
            Ty::Bool => ir::Type::Bool,
            Ty::Bits(w) => ir::Type::Bits(*w),
            Ty::Ipv4 => ir::Type::Ipv4,
            Ty::Tuple(ts) => ir::Type::Tuple(ts.iter().map(|t| self.ir_type(t)).collect()),
            Ty::Struct(i) => ir::Type::Tuple(
                self.structs
                    .get(*i)
                    .map(|s| s.fields.iter().map(|(_, t)| self.ir_type(t)).collect())
                    .unwrap_or_default(),
            ),
            // Unreachable after a successful check; a harmless placeholder otherwise.
            _ => ir::Type::Bool,
        }
    }
}

/// Kinds of global names.
#[derive(Clone, Debug)]
pub(crate) enum Global {
    Param(Ty, ConstVal),
    Const(Ty, ConstVal),
    State(usize),
    Event(usize),
    Struct(usize),
}

/// Checks a parsed module. Parameter overrides are applied to declared
/// parameters; files named by `from` clauses are read through `loader`.
pub fn check<'m>(
    module: &'m Module,
    overrides: &Overrides,
    loader: &dyn FileLoader,
    diags: &mut Diagnostics,
) -> Checked<'m> {
    let mut cx = Cx {
        out: Checked {
            structs: Vec::new(),
            events: Vec::new(),
            states: Vec::new(),
            types: vec![None; module.expr_count as usize],
            paths: HashMap::new(),
            calls: HashMap::new(),
            indexes: HashMap::new(),
            in_lists: HashMap::new(),
            bounds: HashMap::new(),
            handler: None,
            params: Vec::new(),
        },
        globals: HashMap::new(),
        global_spans: HashMap::new(),
        scopes: Vec::new(),
        diags,
        lints: Vec::new(),
    };
    cx.decls(module, overrides, loader);
    cx.handler(module);
    if !cx.diags.has_errors() {
        for l in std::mem::take(&mut cx.lints) {
            cx.diags.push(l);
        }
    }
    cx.out
}

/// A local binding in scope.
#[derive(Clone, Debug)]
pub(crate) struct Local {
    pub ty: Ty,
    pub mutable: bool,
    pub span: Span,
    /// Read somewhere (assignments do not count).
    pub used: bool,
}

/// Checking context.
pub(crate) struct Cx<'m, 'd> {
    pub out: Checked<'m>,
    pub globals: HashMap<String, Global>,
    pub global_spans: HashMap<String, Span>,
    pub scopes: Vec<HashMap<String, Local>>,
    pub diags: &'d mut Diagnostics,
    /// Style warnings, reported only if there are no errors (they would be noise
    /// next to real mistakes).
    pub lints: Vec<Diagnostic>,
}

impl Cx<'_, '_> {
    pub fn err(&mut self, d: Diagnostic) {
        self.diags.push(d);
    }

    pub fn set_ty(&mut self, id: ExprId, t: Ty) {
        if let Some(slot) = self.out.types.get_mut(id as usize) {
            *slot = Some(t);
        }
    }

    pub fn show(&self, t: &Ty) -> String {
        TyDisplay(t, &self.out.structs).to_string()
    }

    pub fn lookup_local(&self, name: &str) -> Option<&Local> {
        self.scopes.iter().rev().find_map(|s| s.get(name))
    }

    /// Records that a local is read.
    pub fn mark_used(&mut self, name: &str) {
        if let Some(l) = self.scopes.iter_mut().rev().find_map(|s| s.get_mut(name)) {
            l.used = true;
        }
    }

    /// Leaves a scope, warning about bindings that were never read.
    pub fn pop_scope(&mut self) {
        let Some(scope) = self.scopes.pop() else {
            return;
        };
        let mut unused: Vec<(&String, &Local)> = scope
            .iter()
            .filter(|(n, l)| !l.used && !n.starts_with('_'))
            .collect();
        unused.sort_by_key(|(_, l)| l.span.start);
        for (n, l) in unused {
            self.lints.push(
                Diagnostic::warning(
                    "W0003",
                    format!("unused variable `{n}`"),
                    l.span,
                    "never read",
                )
                .with_note(format!("help: if this is intentional, name it `_{n}`")),
            );
        }
    }
}

/// Displays a type with struct names.
pub(crate) struct TyDisplay<'a>(pub &'a Ty, pub &'a [StructDef]);

impl fmt::Display for TyDisplay<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Ty::Bool => write!(f, "bool"),
            Ty::Bits(n) => write!(f, "bit<{n}>"),
            Ty::Ipv4 => write!(f, "ipv4"),
            Ty::Tuple(ts) => {
                write!(f, "(")?;
                for (i, t) in ts.iter().enumerate() {
                    if i > 0 {
                        write!(f, ", ")?;
                    }
                    write!(f, "{}", TyDisplay(t, self.1))?;
                }
                write!(f, ")")
            }
            Ty::Struct(i) => write!(f, "{}", self.1.get(*i).map_or("?", |s| s.name.as_str())),
            Ty::Int => write!(f, "integer"),
            Ty::List(t) => write!(f, "list<{}>", TyDisplay(t, self.1)),
            Ty::Str => write!(f, "string"),
            Ty::Duration => write!(f, "duration"),
            Ty::Unit => write!(f, "()"),
            Ty::Error => write!(f, "{{error}}"),
        }
    }
}
