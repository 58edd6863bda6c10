//! A client of BMv2's runtime interface (Thrift, `share/bmv2/thrift/` in the P4
//! tools: services `standard` and `simple_switch`) speaking the Thrift binary
//! protocol over one TCP connection, as `simple_switch_CLI` does, but pipelined:
//! requests are written in rounds and their replies read after, so thousands of
//! table entries go in within a second instead of the CLI's few hundred a second.
//!
//! Only the calls Tandem needs are here: add, modify and delete table entries,
//! read them back, write and read register cells, configure meters, set the
//! egress queue depth. Values are big-endian byte
//! strings of the field's width in whole bytes, as BMv2 expects.

use std::collections::BTreeMap;
use std::io::{BufReader, BufWriter, Read, Write};
use std::net::TcpStream;
use std::time::Duration;

/// Thrift type codes (binary protocol).
const T_STOP: u8 = 0;
const T_BOOL: u8 = 2;
const T_BYTE: u8 = 3;
const T_DOUBLE: u8 = 4;
const T_I16: u8 = 6;
const T_I32: u8 = 8;
const T_I64: u8 = 10;
const T_STRING: u8 = 11;
const T_STRUCT: u8 = 12;
const T_MAP: u8 = 13;
const T_SET: u8 = 14;
const T_LIST: u8 = 15;

const VERSION_1: u32 = 0x8001_0000;
const CALL: u32 = 1;
const REPLY: u32 = 2;
const EXCEPTION: u32 = 3;

/// Requests written before their replies are read. Each reply is a few dozen
/// bytes, so a round's replies fit in the socket buffers while the round is
/// still being written (no deadlock).
const ROUND: usize = 256;

/// One match field of a table entry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MatchParam {
    /// Exact value.
    Exact(Vec<u8>),
    /// Value and prefix length.
    Lpm(Vec<u8>, i32),
    /// Value and mask.
    Ternary(Vec<u8>, Vec<u8>),
}

/// One runtime operation.
#[derive(Debug, Clone, PartialEq)]
pub enum Op {
    /// `bm_mt_add_entry`.
    AddEntry {
        /// Table (BMv2's qualified name).
        table: String,
        /// Match key, in the table's key order.
        key: Vec<MatchParam>,
        /// Action (qualified name).
        action: String,
        /// Action data, one byte string per parameter.
        data: Vec<Vec<u8>>,
        /// Priority (ternary/range tables only; lower wins on BMv2).
        priority: Option<i32>,
    },
    /// `bm_register_write`.
    RegisterWrite {
        /// Register array (qualified name).
        register: String,
        /// Cell.
        index: i32,
        /// Value (BMv2 carries register values as signed 64-bit integers).
        value: i64,
    },
    /// `bm_mt_modify_entry`: another action or action data for an entry.
    ModifyEntry {
        /// Table (qualified name).
        table: String,
        /// The entry's handle (what its `AddEntry` returned).
        handle: i32,
        /// Action (qualified name).
        action: String,
        /// Action data, one byte string per parameter.
        data: Vec<Vec<u8>>,
    },
    /// `bm_mt_set_default_action`: a table's action on a miss.
    SetDefaultAction {
        /// Table (qualified name).
        table: String,
        /// Action (qualified name).
        action: String,
        /// Action data, one byte string per parameter.
        data: Vec<Vec<u8>>,
    },
    /// `bm_mt_delete_entry`.
    DeleteEntry {
        /// Table (qualified name).
        table: String,
        /// The entry's handle.
        handle: i32,
    },
    /// `set_all_egress_queue_depths` of the `simple_switch` service.
    QueueDepth(i32),
    /// `bm_meter_set_rates`: one cell's (rate in units per microsecond, burst)
    /// pairs, committed first, then peak.
    MeterSetRates {
        /// Meter array (qualified name).
        meter: String,
        /// Cell.
        index: i32,
        /// (units per microsecond, burst size) per rate.
        rates: Vec<(f64, i32)>,
    },
}

/// Why a runtime call failed.
#[derive(Debug, thiserror::Error)]
pub enum ThriftError {
    /// The connection failed.
    #[error("thrift connection: {0}")]
    Io(#[from] std::io::Error),
    /// The switch answered something this client does not understand.
    #[error("thrift protocol: {0}")]
    Protocol(String),
    /// The switch refused an operation.
    #[error("operation {index} ({what}) refused: {reason}")]
    Refused {
        /// Position of the operation in the batch.
        index: usize,
        /// The operation, briefly.
        what: String,
        /// BMv2's error.
        reason: String,
    },
}

/// A connection to one switch's runtime server.
pub struct Client {
    w: BufWriter<TcpStream>,
    r: BufReader<TcpStream>,
    seq: i32,
}

impl Client {
    /// Connects to the runtime server on 127.0.0.1:`port`.
    pub fn connect(port: u16, timeout: Duration) -> Result<Client, ThriftError> {
        let s = TcpStream::connect(("127.0.0.1", port))?;
        s.set_read_timeout(Some(timeout))?;
        s.set_write_timeout(Some(timeout))?;
        s.set_nodelay(true)?;
        Ok(Client {
            w: BufWriter::with_capacity(1 << 16, s.try_clone()?),
            r: BufReader::with_capacity(1 << 16, s),
            seq: 0,
        })
    }

    /// Connects as [`Client::connect`] does once the switch's own service
    /// answers (trying for at most `limit`). simple_switch opens its runtime
    /// port before it has registered its `simple_switch` service with the
    /// multiplexer, so a call made in between is refused with "Unknown
    /// service", and under load a connection made that early has also been
    /// seen closed without an answer; this asks a harmless question
    /// (`get_time_elapsed_us`) on a fresh connection until it is answered.
    pub fn connect_ready(
        port: u16,
        timeout: Duration,
        limit: Duration,
    ) -> Result<Client, ThriftError> {
        let start = std::time::Instant::now();
        loop {
            let e = match Client::connect(port, timeout) {
                Ok(mut c) => match c.probe() {
                    Ok(()) => return Ok(c),
                    Err(e) => e,
                },
                Err(e) => e,
            };
            if start.elapsed() >= limit {
                return Err(e);
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// One `simple_switch:get_time_elapsed_us` call.
    fn probe(&mut self) -> Result<(), ThriftError> {
        let mut m = Vec::new();
        self.seq = self.seq.wrapping_add(1);
        begin(&mut m, "simple_switch:get_time_elapsed_us", self.seq);
        m.push(T_STOP);
        self.w.write_all(&m)?;
        self.w.flush()?;
        match self.reply() {
            Ok(_) => Ok(()),
            Err(Reply::Broken(e)) => Err(e),
            Err(Reply::Refused(reason)) => Err(ThriftError::Refused {
                index: 0,
                what: "get_time_elapsed_us (waiting for the switch's service)".into(),
                reason,
            }),
        }
    }

    /// Runs `ops` in order (pipelined in rounds); the first refusal ends the batch
    /// and is returned with its position.
    pub fn run(&mut self, ops: &[Op]) -> Result<(), ThriftError> {
        self.run_values(ops).map(drop)
    }

    /// Runs `ops` as [`Client::run`] does and returns what each returned: the
    /// entry handle of an `AddEntry`, `None` for calls without a result.
    pub fn run_values(&mut self, ops: &[Op]) -> Result<Vec<Option<i64>>, ThriftError> {
        let mut values = Vec::with_capacity(ops.len());
        for (r, round) in ops.chunks(ROUND).enumerate() {
            for op in round {
                self.send(op)?;
            }
            self.w.flush()?;
            let mut first: Option<ThriftError> = None;
            for (k, op) in round.iter().enumerate() {
                // Read every reply of the round even after a refusal, so the
                // connection stays in step.
                match self.reply() {
                    Ok(v) => values.push(v),
                    Err(Reply::Broken(e)) => return Err(e),
                    Err(Reply::Refused(reason)) => {
                        if first.is_none() {
                            first = Some(ThriftError::Refused {
                                index: r * ROUND + k,
                                what: op.describe(),
                                reason,
                            });
                        }
                    }
                }
            }
            if let Some(e) = first {
                return Err(e);
            }
        }
        Ok(values)
    }

    /// `bm_register_read_all`: every cell of a register array.
    pub fn register_read_all(&mut self, register: &str) -> Result<Vec<i64>, ThriftError> {
        let mut m = Vec::new();
        self.seq = self.seq.wrapping_add(1);
        call_on(&mut m, "standard:bm_register_read_all", self.seq, register);
        m.push(T_STOP);
        self.w.write_all(&m)?;
        self.w.flush()?;
        self.read_header()?;
        let mut cells = None;
        let mut refused = None;
        loop {
            let (ty, id) = self.field_header()?;
            match (ty, id) {
                (T_STOP, _) => break,
                (T_LIST, 0) => {
                    let (et, n) = self.list_header()?;
                    if et != T_I64 {
                        return Err(proto("register_read_all: not a list of i64"));
                    }
                    let mut v = Vec::with_capacity(n);
                    for _ in 0..n {
                        v.push(self.i64()?);
                    }
                    cells = Some(v);
                }
                (T_STRUCT, 1) => refused = Some(self.error_struct()?),
                _ => self.skip(ty)?,
            }
        }
        if let Some(reason) = refused {
            return Err(ThriftError::Refused {
                index: 0,
                what: format!("register_read {register}"),
                reason,
            });
        }
        cells.ok_or_else(|| proto("register_read_all: no result"))
    }

    /// `bm_mt_get_entries`: every entry of a table, in BMv2's order.
    pub fn table_entries(&mut self, table: &str) -> Result<Vec<Entry>, ThriftError> {
        let mut m = Vec::new();
        self.seq = self.seq.wrapping_add(1);
        call_on(&mut m, "standard:bm_mt_get_entries", self.seq, table);
        m.push(T_STOP);
        self.w.write_all(&m)?;
        self.w.flush()?;
        let app_error = self.read_header()?;
        let result = self.value(T_STRUCT, 0)?;
        let TVal::Struct(fields) = result else {
            return Err(proto("bm_mt_get_entries: no result struct"));
        };
        if app_error || fields.contains_key(&1) {
            return Err(ThriftError::Refused {
                index: 0,
                what: format!("get entries of {table}"),
                reason: format!("{:?}", fields.get(&1)),
            });
        }
        let bad = |what: &str| proto(format!("bm_mt_get_entries {table}: {what}"));
        let Some(TVal::List(list)) = fields.get(&0) else {
            return Err(bad("no entry list"));
        };
        list.iter()
            .map(|e| {
                let key = e
                    .get(1)
                    .and_then(TVal::list)
                    .ok_or_else(|| bad("no match key"))?
                    .iter()
                    .map(|k| {
                        let ty = k
                            .get(1)
                            .and_then(TVal::int)
                            .ok_or_else(|| bad("match type"))?;
                        let sub = |id| k.get(id).ok_or_else(|| bad("match value"));
                        let b = |v: &TVal, id| {
                            v.get(id)
                                .and_then(TVal::bytes)
                                .ok_or_else(|| bad("key bytes"))
                        };
                        Ok(match ty {
                            0 => MatchParam::Exact(b(sub(2)?, 1)?),
                            1 => {
                                let v = sub(3)?;
                                let len =
                                    v.get(2).and_then(TVal::int).ok_or_else(|| bad("prefix"))?;
                                MatchParam::Lpm(b(v, 1)?, len as i32)
                            }
                            2 => {
                                let v = sub(4)?;
                                MatchParam::Ternary(b(v, 1)?, b(v, 2)?)
                            }
                            t => return Err(bad(&format!("match type {t}"))),
                        })
                    })
                    .collect::<Result<Vec<_>, ThriftError>>()?;
                let priority = e
                    .get(2)
                    .and_then(|o| o.get(1))
                    .and_then(TVal::int)
                    .map(|p| p as i32);
                let action = e.get(4).ok_or_else(|| bad("no action entry"))?;
                let name = action
                    .get(2)
                    .and_then(TVal::bytes)
                    .map(|b| String::from_utf8_lossy(&b).into_owned())
                    .unwrap_or_default();
                let data = action
                    .get(3)
                    .and_then(TVal::list)
                    .map(|l| l.iter().filter_map(TVal::bytes).collect())
                    .unwrap_or_default();
                Ok(Entry {
                    key,
                    action: name,
                    data,
                    priority,
                })
            })
            .collect()
    }

    fn send(&mut self, op: &Op) -> Result<(), ThriftError> {
        let mut m = Vec::with_capacity(128);
        self.seq = self.seq.wrapping_add(1);
        match op {
            Op::AddEntry {
                table,
                key,
                action,
                data,
                priority,
            } => {
                call_on(&mut m, "standard:bm_mt_add_entry", self.seq, table);
                m.extend([T_LIST]);
                m.extend(3i16.to_be_bytes());
                m.push(T_STRUCT);
                m.extend(len32(key.len()).to_be_bytes());
                for k in key {
                    match k {
                        MatchParam::Exact(v) => {
                            field_i32(&mut m, 1, 0);
                            struct_begin(&mut m, 2);
                            field_str(&mut m, 1, v);
                            m.push(T_STOP);
                        }
                        MatchParam::Lpm(v, len) => {
                            field_i32(&mut m, 1, 1);
                            struct_begin(&mut m, 3);
                            field_str(&mut m, 1, v);
                            field_i32(&mut m, 2, *len);
                            m.push(T_STOP);
                        }
                        MatchParam::Ternary(v, mask) => {
                            field_i32(&mut m, 1, 2);
                            struct_begin(&mut m, 4);
                            field_str(&mut m, 1, v);
                            field_str(&mut m, 2, mask);
                            m.push(T_STOP);
                        }
                    }
                    m.push(T_STOP);
                }
                field_str(&mut m, 4, action.as_bytes());
                m.push(T_LIST);
                m.extend(5i16.to_be_bytes());
                m.push(T_STRING);
                m.extend(len32(data.len()).to_be_bytes());
                for d in data {
                    m.extend(len32(d.len()).to_be_bytes());
                    m.extend(d);
                }
                struct_begin(&mut m, 6);
                if let Some(p) = priority {
                    field_i32(&mut m, 1, *p);
                }
                m.push(T_STOP);
            }
            Op::RegisterWrite {
                register,
                index,
                value,
            } => {
                call_on(&mut m, "standard:bm_register_write", self.seq, register);
                field_i32(&mut m, 3, *index);
                m.push(T_I64);
                m.extend(4i16.to_be_bytes());
                m.extend(value.to_be_bytes());
            }
            Op::MeterSetRates {
                meter,
                index,
                rates,
            } => {
                call_on(&mut m, "standard:bm_meter_set_rates", self.seq, meter);
                field_i32(&mut m, 3, *index);
                m.push(T_LIST);
                m.extend(4i16.to_be_bytes());
                m.push(T_STRUCT);
                m.extend(len32(rates.len()).to_be_bytes());
                for (per_us, burst) in rates {
                    m.push(T_DOUBLE);
                    m.extend(1i16.to_be_bytes());
                    m.extend(per_us.to_bits().to_be_bytes());
                    field_i32(&mut m, 2, *burst);
                    m.push(T_STOP);
                }
            }
            Op::ModifyEntry {
                table,
                handle,
                action,
                data,
            } => {
                call_on(&mut m, "standard:bm_mt_modify_entry", self.seq, table);
                field_i32(&mut m, 3, *handle);
                field_str(&mut m, 4, action.as_bytes());
                m.push(T_LIST);
                m.extend(5i16.to_be_bytes());
                m.push(T_STRING);
                m.extend(len32(data.len()).to_be_bytes());
                for d in data {
                    m.extend(len32(d.len()).to_be_bytes());
                    m.extend(d);
                }
            }
            Op::SetDefaultAction {
                table,
                action,
                data,
            } => {
                call_on(&mut m, "standard:bm_mt_set_default_action", self.seq, table);
                field_str(&mut m, 3, action.as_bytes());
                m.push(T_LIST);
                m.extend(4i16.to_be_bytes());
                m.push(T_STRING);
                m.extend(len32(data.len()).to_be_bytes());
                for d in data {
                    m.extend(len32(d.len()).to_be_bytes());
                    m.extend(d);
                }
            }
            Op::DeleteEntry { table, handle } => {
                call_on(&mut m, "standard:bm_mt_delete_entry", self.seq, table);
                field_i32(&mut m, 3, *handle);
            }
            Op::QueueDepth(depth) => {
                begin(
                    &mut m,
                    "simple_switch:set_all_egress_queue_depths",
                    self.seq,
                );
                field_i32(&mut m, 1, *depth);
            }
        }
        m.push(T_STOP);
        self.w.write_all(&m)?;
        Ok(())
    }

    /// Reads one reply: `Ok` with the call's integer result if it has one,
    /// the exception's text otherwise.
    fn reply(&mut self) -> Result<Option<i64>, Reply> {
        let app_error = self.read_header().map_err(Reply::Broken)?;
        let mut refused = None;
        let mut value = None;
        loop {
            let (ty, id) = self.field_header().map_err(Reply::Broken)?;
            match (ty, id, app_error) {
                (T_STOP, _, _) => break,
                (T_I32, 0, false) => value = Some(i64::from(self.i32().map_err(Reply::Broken)?)),
                (T_I64, 0, false) => value = Some(self.i64().map_err(Reply::Broken)?),
                (T_STRING, 1, true) => {
                    let s = self.bytes().map_err(Reply::Broken)?;
                    refused = Some(String::from_utf8_lossy(&s).into_owned());
                }
                (T_STRUCT, 1, false) => refused = Some(self.error_struct().map_err(Reply::Broken)?),
                _ => self.skip(ty).map_err(Reply::Broken)?,
            }
        }
        match refused {
            Some(r) => Err(Reply::Refused(r)),
            None if app_error => Err(Reply::Refused("application exception".into())),
            None => Ok(value),
        }
    }

    /// Reads a message header; true for an application exception.
    fn read_header(&mut self) -> Result<bool, ThriftError> {
        let v = self.i32()? as u32;
        if v & 0xffff_0000 != VERSION_1 {
            return Err(proto(format!("bad message header {v:#x}")));
        }
        let _name = self.bytes()?;
        let _seq = self.i32()?;
        match v & 0xff {
            REPLY => Ok(false),
            EXCEPTION => Ok(true),
            t => Err(proto(format!("unexpected message type {t}"))),
        }
    }

    /// An exception struct `{1: i32 code}` as text.
    fn error_struct(&mut self) -> Result<String, ThriftError> {
        let mut code = None;
        loop {
            let (ty, id) = self.field_header()?;
            match (ty, id) {
                (T_STOP, _) => break,
                (T_I32, 1) => code = Some(self.i32()?),
                _ => self.skip(ty)?,
            }
        }
        Ok(match code {
            Some(c) => format!("error code {c} ({})", table_error(c)),
            None => "an exception without a code".into(),
        })
    }

    fn field_header(&mut self) -> Result<(u8, i16), ThriftError> {
        let ty = self.u8()?;
        if ty == T_STOP {
            return Ok((T_STOP, 0));
        }
        let mut b = [0; 2];
        self.r.read_exact(&mut b)?;
        Ok((ty, i16::from_be_bytes(b)))
    }

    fn list_header(&mut self) -> Result<(u8, usize), ThriftError> {
        let et = self.u8()?;
        let n = self.i32()?;
        let n = usize::try_from(n).map_err(|_| proto(format!("negative list size {n}")))?;
        Ok((et, n))
    }

    fn u8(&mut self) -> Result<u8, ThriftError> {
        let mut b = [0; 1];
        self.r.read_exact(&mut b)?;
        Ok(b[0])
    }

    fn i32(&mut self) -> Result<i32, ThriftError> {
        let mut b = [0; 4];
        self.r.read_exact(&mut b)?;
        Ok(i32::from_be_bytes(b))
    }

    fn i64(&mut self) -> Result<i64, ThriftError> {
        let mut b = [0; 8];
        self.r.read_exact(&mut b)?;
        Ok(i64::from_be_bytes(b))
    }

    fn bytes(&mut self) -> Result<Vec<u8>, ThriftError> {
        let n = self.i32()?;
        let n = usize::try_from(n)
            .ok()
            .filter(|&n| n <= 1 << 24)
            .ok_or_else(|| proto(format!("string of {n} bytes")))?;
        let mut v = vec![0; n];
        self.r.read_exact(&mut v)?;
        Ok(v)
    }

    /// Reads a value of type `ty` (nesting `depth` deep) whole.
    fn value(&mut self, ty: u8, depth: u32) -> Result<TVal, ThriftError> {
        if depth > 16 {
            return Err(proto("values nested too deep"));
        }
        let mut b = [0; 8];
        Ok(match ty {
            T_BOOL | T_BYTE => TVal::Int(i64::from(self.u8()? as i8)),
            T_I16 => {
                self.r.read_exact(&mut b[..2])?;
                TVal::Int(i64::from(i16::from_be_bytes([b[0], b[1]])))
            }
            T_I32 => TVal::Int(i64::from(self.i32()?)),
            T_I64 => TVal::Int(self.i64()?),
            T_DOUBLE => {
                self.r.read_exact(&mut b)?;
                TVal::Other
            }
            T_STRING => TVal::Bytes(self.bytes()?),
            T_STRUCT => {
                let mut fields = BTreeMap::new();
                loop {
                    let (t, id) = self.field_header()?;
                    if t == T_STOP {
                        break TVal::Struct(fields);
                    }
                    fields.insert(id, self.value(t, depth + 1)?);
                }
            }
            T_LIST | T_SET => {
                let (et, n) = self.list_header()?;
                let v = (0..n)
                    .map(|_| self.value(et, depth + 1))
                    .collect::<Result<_, _>>()?;
                TVal::List(v)
            }
            T_MAP => {
                self.skip(T_MAP)?;
                TVal::Other
            }
            t => return Err(proto(format!("unknown field type {t}"))),
        })
    }

    fn skip(&mut self, ty: u8) -> Result<(), ThriftError> {
        let mut fixed = |n: usize| -> Result<(), ThriftError> {
            let mut b = [0; 8];
            self.r.read_exact(&mut b[..n])?;
            Ok(())
        };
        match ty {
            T_BOOL | T_BYTE => fixed(1),
            T_I16 => fixed(2),
            T_I32 => fixed(4),
            T_I64 | T_DOUBLE => fixed(8),
            T_STRING => self.bytes().map(drop),
            T_STRUCT => loop {
                let (t, _) = self.field_header()?;
                if t == T_STOP {
                    return Ok(());
                }
                self.skip(t)?;
            },
            T_LIST | T_SET => {
                let (et, n) = self.list_header()?;
                (0..n).try_for_each(|_| self.skip(et))
            }
            T_MAP => {
                let (kt, vt) = (self.u8()?, self.u8()?);
                let n = self.i32()?;
                for _ in 0..n.max(0) {
                    self.skip(kt)?;
                    self.skip(vt)?;
                }
                Ok(())
            }
            t => Err(proto(format!("unknown field type {t}"))),
        }
    }
}

/// One table entry as BMv2 reports it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// Match key.
    pub key: Vec<MatchParam>,
    /// Action (qualified name).
    pub action: String,
    /// Action data.
    pub data: Vec<Vec<u8>>,
    /// Priority (ternary tables).
    pub priority: Option<i32>,
}

/// A Thrift value read whole.
#[derive(Debug)]
enum TVal {
    Int(i64),
    Bytes(Vec<u8>),
    Struct(BTreeMap<i16, TVal>),
    List(Vec<TVal>),
    Other,
}

impl TVal {
    fn get(&self, id: i16) -> Option<&TVal> {
        match self {
            TVal::Struct(f) => f.get(&id),
            _ => None,
        }
    }
    fn int(&self) -> Option<i64> {
        match self {
            TVal::Int(i) => Some(*i),
            _ => None,
        }
    }
    fn bytes(&self) -> Option<Vec<u8>> {
        match self {
            TVal::Bytes(b) => Some(b.clone()),
            _ => None,
        }
    }
    fn list(&self) -> Option<&[TVal]> {
        match self {
            TVal::List(l) => Some(l),
            _ => None,
        }
    }
}

enum Reply {
    Refused(String),
    Broken(ThriftError),
}

impl Op {
    fn describe(&self) -> String {
        match self {
            Op::AddEntry { table, action, .. } => format!("table_add {table} {action}"),
            Op::RegisterWrite {
                register, index, ..
            } => format!("register_write {register} {index}"),
            Op::ModifyEntry {
                table,
                handle,
                action,
                ..
            } => format!("table_modify {table} {action} {handle}"),
            Op::DeleteEntry { table, handle } => format!("table_delete {table} {handle}"),
            Op::SetDefaultAction { table, action, .. } => {
                format!("table_set_default {table} {action}")
            }
            Op::QueueDepth(d) => format!("set_queue_depth {d}"),
            Op::MeterSetRates { meter, index, .. } => {
                format!("meter_set_rates {meter} {index}")
            }
        }
    }
}

fn proto(m: impl Into<String>) -> ThriftError {
    ThriftError::Protocol(m.into())
}

fn len32(n: usize) -> i32 {
    i32::try_from(n).unwrap_or(i32::MAX)
}

fn begin(m: &mut Vec<u8>, name: &str, seq: i32) {
    m.extend((VERSION_1 | CALL).to_be_bytes());
    m.extend(len32(name.len()).to_be_bytes());
    m.extend(name.as_bytes());
    m.extend(seq.to_be_bytes());
}

/// Starts a call of BMv2's standard service on one named object (a table,
/// register or meter): every such call's first two arguments are the context
/// id (0: the only pipeline) and the object's name.
fn call_on(m: &mut Vec<u8>, method: &str, seq: i32, object: &str) {
    begin(m, method, seq);
    field_i32(m, 1, 0);
    field_str(m, 2, object.as_bytes());
}

fn struct_begin(m: &mut Vec<u8>, id: i16) {
    m.push(T_STRUCT);
    m.extend(id.to_be_bytes());
}

fn field_i32(m: &mut Vec<u8>, id: i16, v: i32) {
    m.push(T_I32);
    m.extend(id.to_be_bytes());
    m.extend(v.to_be_bytes());
}

fn field_str(m: &mut Vec<u8>, id: i16, v: &[u8]) {
    m.push(T_STRING);
    m.extend(id.to_be_bytes());
    m.extend(len32(v.len()).to_be_bytes());
    m.extend(v);
}

/// `TableOperationErrorCode` of standard.thrift, for messages.
fn table_error(code: i32) -> &'static str {
    match code {
        1 => "table full",
        2 => "invalid handle",
        7 => "invalid table name",
        8 => "invalid action name",
        9 => "wrong table type",
        17 => "duplicate entry",
        18 => "bad match key",
        26 => "bad action data",
        _ => "see TableOperationErrorCode in standard.thrift",
    }
}

/// `v` as a big-endian byte string of `bits` bits in whole bytes.
pub fn bytes_of(v: u64, bits: u32) -> Vec<u8> {
    let n = bits.div_ceil(8).clamp(1, 8) as usize;
    v.to_be_bytes()[8 - n..].to_vec()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_big_endian_in_whole_bytes() {
        assert_eq!(bytes_of(0x1ff, 9), vec![0x01, 0xff]);
        assert_eq!(bytes_of(5, 1), vec![5]);
        assert_eq!(bytes_of(0x0a00_0001, 32), vec![10, 0, 0, 1]);
        assert_eq!(bytes_of(u64::MAX, 64), vec![0xff; 8]);
    }

    #[test]
    fn a_register_write_call_is_encoded_as_thrift_binary() {
        let mut c = Vec::new();
        begin(&mut c, "standard:bm_register_write", 1);
        // Strict binary protocol: version | CALL, name, sequence id.
        assert_eq!(&c[..4], &[0x80, 0x01, 0x00, 0x01]);
        assert_eq!(&c[4..8], &[0, 0, 0, 26]);
        assert_eq!(&c[8..34], b"standard:bm_register_write");
        assert_eq!(&c[34..], &[0, 0, 0, 1]);
        let mut f = Vec::new();
        field_i32(&mut f, 3, 7);
        assert_eq!(f, vec![T_I32, 0, 3, 0, 0, 0, 7]);
    }
}
