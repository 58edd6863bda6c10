//! Declarations: types, parameters (with overrides), constants, structs, events and
//! state objects with their sizes.

use super::consts::parse_override;
use super::{ConstVal, Cx, EventDef, FileLoader, Global, Overrides, StateDef, StructDef, Ty};
use crate::ast::{Item, Module, Name, StateItem, StateSort, TypeExpr};
use crate::diag::{Diagnostic, Span};

/// Names with a built-in meaning that declarations may not take.
pub(crate) const RESERVED: [&str; 6] = ["eth", "ipv4", "tcp", "udp", "payload", "in_port"];

impl Cx<'_, '_> {
    pub(super) fn decls(
        &mut self,
        module: &Module,
        overrides: &Overrides,
        loader: &dyn FileLoader,
    ) {
        // Structs first, so any declaration may use any struct.
        for item in &module.items {
            if let Item::Struct { name, .. } = &item {
                if self.declare(name, Global::Struct(self.out.structs.len())) {
                    if !name.text.starts_with(|c: char| c.is_ascii_uppercase()) {
                        self.err(Diagnostic::error("E0307", "struct names start with an uppercase letter", name.span, "rename this struct")
                            .with_note("the parser recognises `Name { field: value }` literals by the capital letter"));
                    }
                    self.out.structs.push(StructDef {
                        name: name.text.clone(),
                        fields: Vec::new(),
                    });
                }
            }
        }
        for item in &module.items {
            if let Item::Struct { name, fields } = &item {
                let Some(Global::Struct(i)) = self.globals.get(&name.text).cloned() else {
                    continue;
                };
                let fs = self.fields(fields);
                if let Some(s) = self.out.structs.get_mut(i) {
                    if s.fields.is_empty() {
                        s.fields = fs;
                    }
                }
            }
        }
        let mut used = std::collections::HashSet::new();
        for item in &module.items {
            match item {
                Item::Param { name, ty, default } => {
                    let t = self.resolve_ty(ty, true);
                    if !matches!(&t, Ty::Bool | Ty::Bits(_) | Ty::Ipv4 | Ty::Str | Ty::Error)
                        && !matches!(&t, Ty::List(e) if matches!(**e, Ty::Bool | Ty::Bits(_) | Ty::Ipv4))
                    {
                        self.err(Diagnostic::error("E0501", "unsupported parameter type", ty.span(), "not settable from the command line")
                            .with_note("parameters are bool, bit<N>, ipv4, string, or list<…> of bool, bit<N> or ipv4"));
                        continue;
                    }
                    let value = match overrides.iter().filter(|(n, _)| *n == name.text).last() {
                        Some((_, text)) => {
                            used.insert(name.text.clone());
                            match parse_override(&t, text) {
                                Ok(v) => Some(v),
                                Err(why) => {
                                    let msg = format!(
                                        "invalid value for parameter `{}`: {why}",
                                        name.text
                                    );
                                    let label = format!("declared here as {}", self.show(&t));
                                    self.err(Diagnostic::error("E0502", msg, name.span, label).with_note("the value was given with --set or in a config file"));
                                    // Continue with the default so uses of the parameter
                                    // do not produce follow-on errors.
                                    let mut quiet = crate::diag::Diagnostics::default();
                                    std::mem::swap(self.diags, &mut quiet);
                                    let v = self.const_eval(default, &t);
                                    std::mem::swap(self.diags, &mut quiet);
                                    v
                                }
                            }
                        }
                        None => self.const_eval(default, &t),
                    };
                    if let Some(v) = value {
                        self.out.params.push((name.text.clone(), v.clone()));
                        self.declare(name, Global::Param(t, v));
                    }
                }
                Item::Const { name, ty, value } => {
                    let t = self.resolve_ty(ty, true);
                    if let Some(v) = self.const_eval(value, &t) {
                        self.declare(name, Global::Const(t, v));
                    }
                }
                Item::Event { name, fields } => {
                    let fields = self.fields(fields);
                    if self.declare(name, Global::Event(self.out.events.len())) {
                        self.out.events.push(EventDef {
                            name: name.text.clone(),
                            fields,
                        });
                    }
                }
                Item::State(st) => self.state(st, loader),
                Item::Struct { .. } | Item::Handler { .. } => {}
            }
        }
        let declared: Vec<String> = self.out.params.iter().map(|(n, _)| n.clone()).collect();
        for (name, _) in overrides.iter() {
            if !declared.iter().any(|d| d == name) && !used.contains(name) {
                let mut d =
                    Diagnostic::error_spanless("E0503", format!("unknown parameter `{name}`"));
                d = d.with_note(if declared.is_empty() {
                    "this program declares no parameters".to_string()
                } else {
                    format!("declared parameters: {}", declared.join(", "))
                });
                self.err(d);
            }
        }
    }

    /// Declares a global name; reports a duplicate or reserved name and returns false.
    fn declare(&mut self, name: &Name, g: Global) -> bool {
        if RESERVED.contains(&name.text.as_str()) {
            self.err(
                Diagnostic::error(
                    "E0306",
                    format!("`{}` is a reserved name", name.text),
                    name.span,
                    "choose another name",
                )
                .with_note("eth, ipv4, tcp, udp, payload and in_port refer to the packet"),
            );
            return false;
        }
        if let Some(first) = self.global_spans.get(&name.text).copied() {
            self.err(
                Diagnostic::error(
                    "E0305",
                    format!("`{}` is defined twice", name.text),
                    name.span,
                    "redefined here",
                )
                .with_label(first, "first defined here"),
            );
            return false;
        }
        self.global_spans.insert(name.text.clone(), name.span);
        self.globals.insert(name.text.clone(), g);
        true
    }

    fn fields(&mut self, fields: &[(Name, TypeExpr)]) -> Vec<(String, Ty)> {
        let mut out: Vec<(String, Ty)> = Vec::new();
        for (n, t) in fields {
            let ty = self.resolve_ty(t, false);
            if out.iter().any(|(m, _)| *m == n.text) {
                self.err(Diagnostic::error(
                    "E0305",
                    format!("field `{}` is defined twice", n.text),
                    n.span,
                    "duplicate field",
                ));
                continue;
            }
            out.push((n.text.clone(), ty));
        }
        out
    }

    /// Resolves a written type. `lists` allows `list<…>` and `string` (parameters, constants).
    pub(crate) fn resolve_ty(&mut self, t: &TypeExpr, lists: bool) -> Ty {
        match t {
            TypeExpr::Named(n) => match n.text.as_str() {
                "bool" => Ty::Bool,
                "ipv4" => Ty::Ipv4,
                "u8" => Ty::Bits(8),
                "u16" => Ty::Bits(16),
                "u32" => Ty::Bits(32),
                "u64" => Ty::Bits(64),
                "string" if lists => Ty::Str,
                other => match self.globals.get(other) {
                    Some(Global::Struct(i)) => Ty::Struct(*i),
                    _ => {
                        self.err(Diagnostic::error("E0301", format!("unknown type `{other}`"), n.span, "not a type")
                            .with_note("types are bool, bit<N> (1..=64), u8, u16, u32, u64, ipv4, tuples `(T, U)` and declared structs"));
                        Ty::Error
                    }
                },
            },
            TypeExpr::Bits(w, span) => match u16::try_from(*w) {
                Ok(w) if (1..=ir::MAX_BITS).contains(&w) => Ty::Bits(w),
                _ => {
                    self.err(Diagnostic::error(
                        "E0406",
                        format!("bit width {w} is out of range"),
                        *span,
                        "widths are 1 to 64",
                    ));
                    Ty::Error
                }
            },
            TypeExpr::Tuple(ts, _) => {
                Ty::Tuple(ts.iter().map(|t| self.resolve_ty(t, false)).collect())
            }
            TypeExpr::List(inner, span) => {
                let e = self.resolve_ty(inner, false);
                if !lists {
                    self.err(
                        Diagnostic::error(
                            "E0407",
                            "lists exist only as parameters and constants",
                            *span,
                            "not allowed here",
                        )
                        .with_note(
                            "to index a list at run time, declare `vector v: T = the_list;`",
                        ),
                    );
                    return Ty::Error;
                }
                Ty::List(Box::new(e))
            }
            TypeExpr::Error(_) => Ty::Error,
        }
    }

    fn size(&mut self, st: &StateItem, what: &str) -> Option<u32> {
        let Some(e) = &st.size else {
            self.err(
                Diagnostic::error(
                    "E0408",
                    format!(
                        "{} `{}` needs a declared {what}",
                        sort_name(st.sort),
                        st.name.text
                    ),
                    st.name.span,
                    format!("add `{what} N`"),
                )
                .with_note("state sizes are what the switch resource checker charges"),
            );
            return None;
        };
        let n = self.const_int(e)?;
        match u32::try_from(n) {
            Ok(n) if n > 0 => Some(n),
            _ => {
                self.err(Diagnostic::error(
                    "E0408",
                    format!("{what} must be between 1 and {}", u32::MAX),
                    e.span,
                    format!("{what} is {n}"),
                ));
                None
            }
        }
    }

    fn state(&mut self, st: &StateItem, loader: &dyn FileLoader) {
        let ty = self.resolve_ty(&st.ty, false);
        let value = match &st.value_ty {
            Some(v) => self.resolve_ty(v, false),
            None if st.sort == StateSort::Set => Ty::Bool,
            None => ty.clone(),
        };
        let ir_ty = self.out.ir_type(&ty);
        let ir_value = self.out.ir_type(&value);
        let misplaced = |cx: &mut Self, span: Span, what: &str| {
            cx.err(Diagnostic::error(
                "E0409",
                format!("`{what}` does not apply to a {}", sort_name(st.sort)),
                span,
                "remove this clause",
            ));
        };
        if st.sort != StateSort::Map && st.sort != StateSort::Set {
            if let Some(e) = &st.idle_timeout {
                misplaced(self, e.span, "idle_timeout");
            }
        }
        if st.sort != StateSort::Set {
            if let Some(n) = &st.from {
                misplaced(self, n.span, "from");
            }
        }
        let kind = match st.sort {
            StateSort::Map | StateSort::Set => {
                if let Some(e) = &st.init {
                    misplaced(self, e.span, "=");
                }
                let capacity = self.size(st, "capacity");
                let idle = match &st.idle_timeout {
                    Some(e) => self.const_duration(e),
                    None => None,
                };
                let init = match &st.from {
                    Some(p) => self.load_entries(p, &ty, loader),
                    None => Vec::new(),
                };
                if let Some(c) = capacity {
                    if init.len() > c as usize {
                        self.err(Diagnostic::error(
                            "E0410",
                            format!("{} entries loaded but the capacity is {c}", init.len()),
                            st.span,
                            "capacity too small",
                        ));
                    }
                }
                ir::StateKind::Map {
                    key: ir_ty,
                    value: ir_value,
                    capacity: capacity.unwrap_or(1),
                    idle_timeout_ns: idle,
                    init,
                }
            }
            StateSort::Vector => {
                let items = match &st.init {
                    Some(e) => match self.const_eval(e, &Ty::List(Box::new(ty.clone()))) {
                        Some(ConstVal::List(l)) => l,
                        _ => Vec::new(),
                    },
                    None => {
                        self.err(Diagnostic::error(
                            "E0408",
                            format!("vector `{}` needs its contents", st.name.text),
                            st.name.span,
                            "add `= [..]` or `= list_param`",
                        ));
                        Vec::new()
                    }
                };
                if items.is_empty() && st.init.is_some() {
                    self.err(
                        Diagnostic::error(
                            "E0408",
                            "a vector cannot be empty",
                            st.span,
                            "no elements",
                        )
                        .with_note("give the list parameter at least one value"),
                    );
                }
                ir::StateKind::Vector {
                    elem: ir_ty,
                    init: items,
                }
            }
            StateSort::Register => {
                let init = match &st.init {
                    Some(e) => match self.const_eval(e, &ty) {
                        Some(ConstVal::Value(v)) => v,
                        _ => ir_ty.zero(),
                    },
                    None => ir_ty.zero(),
                };
                ir::StateKind::Register { ty: ir_ty, init }
            }
            StateSort::RegArray => {
                if let Some(e) = &st.init {
                    misplaced(self, e.span, "=");
                }
                ir::StateKind::RegArray {
                    elem: ir_ty,
                    len: self.size(st, "length").unwrap_or(1),
                }
            }
        };
        let idx = self.out.states.len();
        if self.declare(&st.name, Global::State(idx)) {
            self.out.states.push(StateDef {
                name: st.name.text.clone(),
                kind,
                key: ty,
                value,
                is_set: st.sort == StateSort::Set,
            });
        }
    }
}

fn sort_name(s: StateSort) -> &'static str {
    match s {
        StateSort::Map => "map",
        StateSort::Set => "set",
        StateSort::Vector => "vector",
        StateSort::Register => "register",
        StateSort::RegArray => "register array",
    }
}
