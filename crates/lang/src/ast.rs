//! The syntax tree produced by the parser. Every node carries its span; expressions
//! carry an id the checker uses to record their types.

use crate::diag::Span;

/// An identifier with its span.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Name {
    /// Text.
    pub text: String,
    /// Where.
    pub span: Span,
}

/// A type as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TypeExpr {
    /// `bool`, `ipv4`, `u16`, `string`, a struct name, …
    Named(Name),
    /// `bit<N>`.
    Bits(u128, Span),
    /// `(T, U)`.
    Tuple(Vec<TypeExpr>, Span),
    /// `list<T>` (parameters only).
    List(Box<TypeExpr>, Span),
    /// A type that failed to parse.
    Error(Span),
}

impl TypeExpr {
    /// Where the type was written.
    pub fn span(&self) -> Span {
        match self {
            TypeExpr::Named(n) => n.span,
            TypeExpr::Bits(_, s)
            | TypeExpr::Tuple(_, s)
            | TypeExpr::List(_, s)
            | TypeExpr::Error(s) => *s,
        }
    }
}

/// Kind of state declaration.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StateSort {
    /// `map K -> V`.
    Map,
    /// `set K` (a map whose values are all `true`).
    Set,
    /// `vector`, read-only.
    Vector,
    /// `register` / `counter`.
    Register,
    /// `regarray`.
    RegArray,
}

/// A top-level declaration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Item {
    /// `param NAME: TYPE = DEFAULT;`
    Param {
        /// Name.
        name: Name,
        /// Declared type.
        ty: TypeExpr,
        /// Default value (a constant expression).
        default: Expr,
    },
    /// `const NAME: TYPE = VALUE;`
    Const {
        /// Name.
        name: Name,
        /// Declared type.
        ty: TypeExpr,
        /// Value (a constant expression).
        value: Expr,
    },
    /// `struct NAME { field: TYPE, … }`
    Struct {
        /// Name.
        name: Name,
        /// Fields.
        fields: Vec<(Name, TypeExpr)>,
    },
    /// `event NAME { field: TYPE, … }`
    Event {
        /// Name.
        name: Name,
        /// Fields.
        fields: Vec<(Name, TypeExpr)>,
    },
    /// Any state declaration.
    State(Box<StateItem>),
    /// `on packet { … }`
    Handler {
        /// Body.
        body: Block,
        /// The whole `on packet` header, for messages.
        span: Span,
    },
}

/// `map m: K -> V capacity N idle_timeout D from P;` and the other state forms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StateItem {
    /// Which kind.
    pub sort: StateSort,
    /// Name.
    pub name: Name,
    /// Key type (maps/sets) or element/value type.
    pub ty: TypeExpr,
    /// Value type (maps only).
    pub value_ty: Option<TypeExpr>,
    /// `capacity N` (maps/sets) or `[N]` length (regarray).
    pub size: Option<Expr>,
    /// `idle_timeout D`.
    pub idle_timeout: Option<Expr>,
    /// `from PARAM` (sets: load entries from the file named by a string parameter).
    pub from: Option<Name>,
    /// `= EXPR`: register initial value, vector contents.
    pub init: Option<Expr>,
    /// The whole declaration.
    pub span: Span,
}

/// `{ stmt* }`
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Block {
    /// Statements.
    pub stmts: Vec<Stmt>,
    /// Braces included.
    pub span: Span,
}

/// Assignable places.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Place {
    /// A mutable local, a header field path (`ipv4.src`) or a register.
    Path(Vec<Name>),
    /// `arr[i]` (register arrays).
    Index(Name, Expr),
}

/// A statement.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StmtKind {
    /// `let [mut] x [: T] = e;`
    Let {
        /// Binding.
        name: Name,
        /// `mut`.
        mutable: bool,
        /// Annotation.
        ty: Option<TypeExpr>,
        /// Initialiser.
        value: Expr,
    },
    /// `place = e;`
    Assign(Place, Expr),
    /// `if c { } else …`
    If {
        /// Condition.
        cond: Expr,
        /// Then branch.
        then_: Block,
        /// Else branch (`else if` nests an `If` in a block).
        else_: Option<Block>,
    },
    /// `match m.get(k) { Some(v) => { } None => { } }`
    Match {
        /// The map.
        map: Name,
        /// The key.
        key: Expr,
        /// Binding in the `Some` arm.
        binding: Option<Name>,
        /// `Some` arm.
        some: Block,
        /// `None` arm.
        none: Block,
    },
    /// `for i [: T] in lo..hi { }`
    For {
        /// Loop variable.
        var: Name,
        /// Annotation.
        ty: Option<TypeExpr>,
        /// Lower bound (constant).
        lo: Expr,
        /// Upper bound, exclusive (constant).
        hi: Expr,
        /// Body.
        body: Block,
    },
    /// `emit NAME { field: e, … };`
    Emit {
        /// Event name.
        event: Name,
        /// Field initialisers.
        fields: Vec<(Name, Expr)>,
    },
    /// An expression statement (`forward(1);`, `drop();`, `m.insert(k, v);`).
    Expr(Expr),
    /// A nested block.
    Block(Block),
}

/// A statement with its span.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stmt {
    /// What.
    pub kind: StmtKind,
    /// Where.
    pub span: Span,
}

/// Identifies an expression node (index into the checker's type table).
pub type ExprId = u32;

/// Binary operators of the surface language.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum BinOp {
    Or,
    And,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    BitOr,
    BitXor,
    BitAnd,
    Shl,
    Shr,
    Add,
    Sub,
    Mul,
    Div,
    Rem,
}

impl BinOp {
    /// Source spelling.
    pub fn symbol(self) -> &'static str {
        use BinOp::*;
        match self {
            Or => "||",
            And => "&&",
            Eq => "==",
            Ne => "!=",
            Lt => "<",
            Le => "<=",
            Gt => ">",
            Ge => ">=",
            BitOr => "|",
            BitXor => "^",
            BitAnd => "&",
            Shl => "<<",
            Shr => ">>",
            Add => "+",
            Sub => "-",
            Mul => "*",
            Div => "/",
            Rem => "%",
        }
    }
}

/// Unary operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnOp {
    /// `!` (bool).
    Not,
    /// `~` (bits).
    BitNot,
    /// `-` (bits, two's complement).
    Neg,
}

/// An expression.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExprKind {
    /// Integer literal; its width comes from context.
    Int(u128),
    /// `true` / `false`.
    Bool(bool),
    /// IPv4 literal.
    Ipv4(u32),
    /// String literal (payload searches, string parameters).
    Str(Vec<u8>),
    /// Duration literal (ns).
    Duration(u64),
    /// `a.b.c`: a local, a parameter, a constant, a register, a header field
    /// (`ipv4.src`), a validity test (`tcp.valid`), `payload.len`, a tuple or
    /// struct projection (`v.0`, `flow.src`).
    Path(Vec<Name>),
    /// `f(args)` or `recv.method(args)` where the callee is a path.
    Call(Vec<Name>, Vec<Expr>),
    /// `base[index]`: vector, register array, or payload byte.
    Index(Box<Expr>, Box<Expr>),
    /// `(a, b)`.
    Tuple(Vec<Expr>),
    /// `[a, b]` (constant lists).
    List(Vec<Expr>),
    /// `Name { f: e, … }`.
    StructLit(Name, Vec<(Name, Expr)>),
    /// Unary operator.
    Unary(UnOp, Box<Expr>),
    /// Binary operator.
    Binary(BinOp, Box<Expr>, Box<Expr>),
    /// `e in list`.
    In(Box<Expr>, Box<Expr>),
    /// `e as T`.
    Cast(Box<Expr>, TypeExpr),
    /// `e.N` / `e.field` on a non-path expression.
    Field(Box<Expr>, Name),
    /// Placeholder after a syntax error.
    Error,
}

/// An expression with its span and id.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expr {
    /// What.
    pub kind: ExprKind,
    /// Where.
    pub span: Span,
    /// Unique within one program.
    pub id: ExprId,
}

/// A parsed program.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Module {
    /// Declarations in source order.
    pub items: Vec<Item>,
    /// Number of expression ids handed out.
    pub expr_count: u32,
}
