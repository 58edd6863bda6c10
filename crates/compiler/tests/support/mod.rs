//! A small IR executor over an abstract packet (fields as numbers, no bytes),
//! able to start at any point and to stop at punt/resume points: the test
//! harness for "the split changes nothing". Each phase checks that it only runs
//! operations carrying its label.

use compiler::Compilation;
use compiler::model::Label;
use ir::eval::{binary, from_scalar, scalar, unary};
use ir::{BinOp, Field, HashAlg, Header, Op, Terminator, Type, Value, ValueId};
use std::collections::{BTreeMap, BTreeSet, HashMap};

/// `examples/nf/<name>.nf` compiled and partitioned with the default options.
pub fn compile(name: &str) -> Compilation {
    let path = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join(format!("../../examples/nf/{name}.nf"));
    let c = lang::compile_file(&path, &lang::Overrides::default())
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    compiler::partition(&c.program, &compiler::Options::default())
        .unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// An abstract packet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Packet {
    pub valid: BTreeSet<&'static str>,
    pub fields: BTreeMap<&'static str, u64>,
    pub in_port: u16,
    pub payload: Vec<u8>,
}

impl Packet {
    fn header_name(h: Header) -> &'static str {
        h.name()
    }
    fn get(&self, f: Field) -> u64 {
        if self.valid.contains(Self::header_name(f.header())) {
            self.fields.get(f.name()).copied().unwrap_or(0)
        } else {
            0
        }
    }
    fn set(&mut self, f: Field, v: u64) {
        if self.valid.contains(Self::header_name(f.header())) {
            self.fields.insert(f.name(), v);
        }
    }
}

/// All state of one side (the test gives the split run one shared state: this
/// checks the partition's structure, not replication delays).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct State {
    pub maps: BTreeMap<u32, HashMap<Value, Value>>,
    pub regs: BTreeMap<u32, Value>,
    pub arrays: BTreeMap<u32, BTreeMap<u64, Value>>,
    pub events: Vec<(u32, Vec<Value>)>,
}

impl State {
    pub fn new(p: &ir::Program) -> State {
        let mut s = State::default();
        for (i, d) in p.states.iter().enumerate() {
            let i = i as u32;
            match &d.kind {
                ir::StateKind::Map { init, .. } => {
                    s.maps.insert(i, init.iter().cloned().collect());
                }
                ir::StateKind::Register { init, .. } => {
                    s.regs.insert(i, init.clone());
                }
                _ => {}
            }
        }
        s
    }
}

/// How a phase ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stop {
    Forward(u64),
    Drop,
    Punt(u16),
    Resume(u16),
}

/// Which side runs, for label checks and stopping rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    Whole,
    Pre,
    Server,
    Post,
}

pub struct Exec<'a> {
    pub c: &'a Compilation,
    types: HashMap<ValueId, Type>,
}

pub type Env = HashMap<ValueId, Value>;

impl<'a> Exec<'a> {
    pub fn new(c: &'a Compilation) -> Exec<'a> {
        let mut types = HashMap::new();
        for b in &c.program.handler.blocks {
            for (v, t) in b
                .params
                .iter()
                .chain(b.insts.iter().flat_map(|i| i.results.iter()))
            {
                types.insert(*v, t.clone());
            }
        }
        Exec { c, types }
    }

    fn check_label(&self, phase: Phase, b: usize, i: usize) -> Result<(), String> {
        let want = match phase {
            Phase::Whole => return Ok(()),
            Phase::Pre => Label::Pre,
            Phase::Server => Label::Server,
            Phase::Post => Label::Post,
        };
        let op = self
            .c
            .ops
            .iter()
            .find(|o| o.at.block as usize == b && o.at.index as usize == i)
            .ok_or("no label")?;
        if !op.labels.contains(&want) {
            return Err(format!(
                "{phase:?} ran bb{b}:{i} `{}` labelled {:?}",
                op.text, op.labels
            ));
        }
        Ok(())
    }

    /// Runs from `(block, index)` with `env`.
    pub fn run(
        &self,
        phase: Phase,
        mut b: usize,
        mut i: usize,
        env: &mut Env,
        pkt: &mut Packet,
        st: &mut State,
    ) -> Result<Stop, String> {
        let f = &self.c.program.handler;
        for _ in 0..100_000 {
            let block = &f.blocks[b];
            if phase == Phase::Pre {
                if let Some(p) = self
                    .c
                    .punts
                    .iter()
                    .find(|p| p.at.block as usize == b && p.at.index as usize == i)
                {
                    return Ok(Stop::Punt(p.id));
                }
            }
            self.check_label(phase, b, i)?;
            if let Some(inst) = block.insts.get(i) {
                let vals = self.exec(&inst.op, &inst.results, env, pkt, st)?;
                for ((r, _), v) in inst.results.iter().zip(vals) {
                    env.insert(*r, v);
                }
                i += 1;
                continue;
            }
            let target = match &block.term {
                Terminator::Forward(p) => return Ok(Stop::Forward(self.num(env, *p)?)),
                Terminator::Drop => return Ok(Stop::Drop),
                Terminator::Jump(t) => t,
                Terminator::Branch { cond, then_, else_ } => {
                    if self.num(env, *cond)? != 0 {
                        then_
                    } else {
                        else_
                    }
                }
            };
            let args: Vec<Value> = t_args(env, &target.args)?;
            let next = target.block.0 as usize;
            for ((p, _), v) in f.blocks[next].params.iter().zip(args) {
                env.insert(*p, v);
            }
            if phase == Phase::Server {
                if let Some(r) = self.c.resumes.iter().find(|r| r.block as usize == next) {
                    return Ok(Stop::Resume(r.id));
                }
            }
            b = next;
            i = 0;
        }
        Err("step limit".into())
    }

    fn num(&self, env: &Env, v: ValueId) -> Result<u64, String> {
        env.get(&v)
            .and_then(scalar)
            .ok_or_else(|| format!("value %{} is not available here", v.0))
    }

    fn width(&self, v: ValueId) -> u32 {
        match self.types.get(&v) {
            Some(Type::Bool) => 1,
            Some(t) => t.bit_width(),
            None => 64,
        }
    }

    fn exec(
        &self,
        op: &Op,
        results: &[(ValueId, Type)],
        env: &Env,
        pkt: &mut Packet,
        st: &mut State,
    ) -> Result<Vec<Value>, String> {
        let rt = |k: usize| results.get(k).map(|r| r.1.clone()).unwrap_or(Type::Bool);
        let mk = |k: usize, x: u64| from_scalar(&rt(k), x).ok_or("tuple result");
        let get = |v: &ValueId| {
            env.get(v)
                .cloned()
                .ok_or_else(|| format!("value %{} is not available here", v.0))
        };
        Ok(match op {
            Op::Const(v) => vec![v.clone()],
            Op::Unary(u, a) => vec![mk(0, unary(*u, self.num(env, *a)?, self.width(*a)))?],
            Op::Binary(o, a, b2) => {
                let w = self.width(*a);
                let x = binary(*o, self.num(env, *a)?, self.num(env, *b2)?, w);
                let _ = BinOp::Add;
                vec![mk(0, x)?]
            }
            Op::Cast(t, a) => {
                let x = self.num(env, *a)?;
                vec![
                    from_scalar(t, x & ir::mask(u16::try_from(t.bit_width()).unwrap_or(64)))
                        .ok_or("cast")?,
                ]
            }
            Op::Select(c, a, b2) => vec![if self.num(env, *c)? != 0 {
                get(a)?
            } else {
                get(b2)?
            }],
            Op::Tuple(vs) => vec![Value::Tuple(vs.iter().map(get).collect::<Result<_, _>>()?)],
            Op::Extract(t, k) => match get(t)? {
                Value::Tuple(xs) => vec![xs.get(*k as usize).cloned().ok_or("extract")?],
                _ => return Err("extract of a scalar".into()),
            },
            Op::InPort => vec![mk(0, u64::from(pkt.in_port))?],
            Op::Now => vec![mk(0, 0)?],
            Op::Session(_) => {
                return Err("session reconstruction runs on the server, not here".into());
            }
            Op::IsValid(h) => vec![Value::Bool(pkt.valid.contains(h.name()))],
            Op::GetField(fl) => vec![mk(0, pkt.get(*fl))?],
            Op::SetField(fl, v) => {
                pkt.set(*fl, self.num(env, *v)?);
                vec![]
            }
            Op::PayloadLen => vec![mk(0, pkt.payload.len() as u64)?],
            Op::PayloadByte(i) => {
                let i = self.num(env, *i)? as usize;
                vec![mk(0, u64::from(pkt.payload.get(i).copied().unwrap_or(0)))?]
            }
            Op::PayloadContains(s) => vec![Value::Bool(
                pkt.payload.windows(s.len().max(1)).any(|w| w == &s[..]) || s.is_empty(),
            )],
            Op::PayloadStartsWith(s) => vec![Value::Bool(pkt.payload.starts_with(s))],
            Op::Hash(alg, vs) => {
                let mut bytes = Vec::new();
                for v in vs {
                    ser(&get(v)?, &mut bytes);
                }
                let h = match alg {
                    HashAlg::Crc16 => u64::from(wire::crc::crc16(&bytes)),
                    HashAlg::Crc32 => u64::from(wire::crc::crc32(&bytes)),
                };
                vec![mk(0, h)?]
            }
            Op::MapGet(s, k) => {
                let key = get(k)?;
                let found = st.maps.get(&s.0).and_then(|m| m.get(&key).cloned());
                match found {
                    Some(v) => vec![Value::Bool(true), v],
                    None => vec![Value::Bool(false), rt(1).zero()],
                }
            }
            Op::MapInsert(s, k, v) => {
                let cap = match &self.c.program.states[s.0 as usize].kind {
                    ir::StateKind::Map { capacity, .. } => *capacity as usize,
                    _ => 0,
                };
                let m = st.maps.entry(s.0).or_default();
                let key = get(k)?;
                let ok = m.contains_key(&key) || m.len() < cap;
                if ok {
                    m.insert(key, get(v)?);
                }
                if results.is_empty() {
                    vec![]
                } else {
                    vec![Value::Bool(ok)]
                }
            }
            Op::MapRemove(s, k) => {
                st.maps.entry(s.0).or_default().remove(&get(k)?);
                vec![]
            }
            Op::ArrayGet(s, i) => {
                let i = self.num(env, *i)?;
                match &self.c.program.states[s.0 as usize].kind {
                    ir::StateKind::Vector { init, .. } => {
                        vec![init[(i % init.len().max(1) as u64) as usize].clone()]
                    }
                    ir::StateKind::RegArray { elem, len } => {
                        let i = i % u64::from((*len).max(1));
                        vec![
                            st.arrays
                                .get(&s.0)
                                .and_then(|a| a.get(&i))
                                .cloned()
                                .unwrap_or(elem.zero()),
                        ]
                    }
                    _ => return Err("array.get of a non-array".into()),
                }
            }
            Op::ArraySet(s, i, v) => {
                let len = match &self.c.program.states[s.0 as usize].kind {
                    ir::StateKind::RegArray { len, .. } => u64::from((*len).max(1)),
                    _ => 1,
                };
                let i = self.num(env, *i)? % len;
                st.arrays.entry(s.0).or_default().insert(i, get(v)?);
                vec![]
            }
            Op::RegGet(s) => vec![st.regs.get(&s.0).cloned().ok_or("register")?],
            Op::RegSet(s, v) => {
                st.regs.insert(s.0, get(v)?);
                vec![]
            }
            Op::Emit(e, vs) => {
                st.events
                    .push((e.0, vs.iter().map(get).collect::<Result<_, _>>()?));
                vec![]
            }
        })
    }
}

fn t_args(env: &Env, args: &[ValueId]) -> Result<Vec<Value>, String> {
    args.iter()
        .map(|v| {
            env.get(v)
                .cloned()
                .ok_or_else(|| format!("value %{} is not available here", v.0))
        })
        .collect()
}

/// Big-endian bytes of a value's scalars, each padded to whole bytes (docs/IR.md).
fn ser(v: &Value, out: &mut Vec<u8>) {
    match v {
        Value::Tuple(xs) => xs.iter().for_each(|x| ser(x, out)),
        Value::Bool(b) => out.push(u8::from(*b)),
        Value::Ipv4(a) => out.extend_from_slice(&a.to_be_bytes()),
        Value::Bits { width, value } => {
            let n = usize::from(*width).div_ceil(8);
            out.extend_from_slice(&value.to_be_bytes()[8 - n..]);
        }
    }
}
