//! Runs a `pipe` program on BMv2's `simple_switch`, the P4 reference software
//! switch, with pcap files as its ports: the program's v1model P4 is compiled by
//! p4c ([`p4gen::p4c`]), table entries and register cells are installed through
//! BMv2's Thrift runtime interface ([`thrift`], pipelined), the input packets
//! are replayed from `<port>_in.pcap` files, and what left each port is read
//! back from `<port>_out.pcap` together with the final register contents.
//!
//! The model's names map to BMv2's by suffix: table `nat` is
//! `TandemIngress.nat` (or `TandemEgress.nat`), as p4c names them in the JSON.
//! Ternary priorities are inverted (BMv2: the lowest number wins; the model: the
//! highest).

use std::collections::BTreeMap;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

pub mod grpc;
pub mod lockstep;
pub mod thrift;

use p4gen::p4c::{BMV2_VAR, P4c, ToolError, find_tool};
use pipe::{ControlError, ExecError, KeyMatch, Program, Switch, TableEntry, Verdict};

/// Why a BMv2 run failed.
#[derive(Debug, thiserror::Error)]
pub enum Bmv2Error {
    /// A tool is missing or refused the program.
    #[error(transparent)]
    Tool(#[from] ToolError),
    /// The program could not be emitted.
    #[error(transparent)]
    Program(#[from] pipe::ProgramError),
    /// simple_switch misbehaved: did not start, or its output could not be read.
    #[error("simple_switch: {0}")]
    Switch(String),
    /// The runtime interface refused an operation or failed.
    #[error("simple_switch runtime: {0}")]
    Runtime(#[from] thrift::ThriftError),
}

fn err(m: impl Into<String>) -> Bmv2Error {
    Bmv2Error::Switch(m.into())
}

/// BMv2's executable (the runtime interface is spoken directly, so
/// `simple_switch_CLI` is not needed).
#[derive(Debug, Clone)]
pub struct Bmv2 {
    /// `simple_switch`.
    pub switch: PathBuf,
}

/// What to run: the control-plane state to install and the traffic.
#[derive(Debug, Clone, Default)]
pub struct Run {
    /// Table entries, in insertion order.
    pub entries: Vec<(String, TableEntry)>,
    /// Register cells to write before traffic: (register, index, value).
    pub registers: Vec<(String, u32, u64)>,
    /// Meter cells to configure before traffic: (meter, index, rates). BMv2's
    /// meters refill by its own clock, not by packet time: see [`model`].
    pub meters: Vec<(String, u32, pipe::meter::MeterConfig)>,
    /// Packets in arrival order: (ingress port, frame).
    pub packets: Vec<(u16, Vec<u8>)>,
    /// Ports to attach besides the input ports (where output may appear).
    pub ports: Vec<u16>,
}

/// What came out.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Outcome {
    /// Frames per output port, in the order they left.
    pub out: BTreeMap<u16, Vec<Vec<u8>>>,
    /// Final contents of every register array of the program.
    pub registers: BTreeMap<String, Vec<u64>>,
    /// Final contents of every table the run installed entries in, one line
    /// per entry in a form both sides produce (see [`entry_line`]), sorted.
    pub tables: BTreeMap<String, Vec<String>>,
    /// BMv2 only: the time between the first and the last packet it wrote
    /// (from its output pcaps' timestamps), over all ports; the input is all
    /// there from the start, so this is how long it took to process the run
    /// (less one packet's time). `None` for the model or with fewer than two
    /// output packets.
    pub span: Option<Duration>,
    /// BMv2 only: how long installing the entries and register values through
    /// the runtime interface took (`None` for the model).
    pub installed_in: Option<Duration>,
}

impl Bmv2 {
    /// Finds `simple_switch` (`TANDEM_BMV2`, else `PATH`).
    pub fn find() -> Result<Bmv2, ToolError> {
        Ok(Bmv2 {
            switch: find_tool(BMV2_VAR, "simple_switch")?,
        })
    }

    /// Compiles `program` with `p4c` and runs `run` through `simple_switch` in
    /// `dir` (created; it keeps the pcaps and the switch's log). `thrift_port`
    /// must be free on 127.0.0.1. Waits at most `timeout` for the traffic.
    pub fn run(
        &self,
        p4c: &P4c,
        program: &Program,
        run: &Run,
        dir: &Path,
        thrift_port: u16,
        timeout: Duration,
    ) -> Result<Outcome, Bmv2Error> {
        let source = p4gen::emit(program, p4gen::Arch::V1model)?;
        let accepted = p4c.compile_bmv2(&source, dir, "program")?;
        let json_path = accepted.json.ok_or_else(|| err("p4c wrote no JSON"))?;
        let json: serde_json::Value = std::fs::read_to_string(&json_path)
            .map_err(|e| err(format!("{}: {e}", json_path.display())))
            .and_then(|t| {
                serde_json::from_str(&t).map_err(|e| err(format!("{}: {e}", json_path.display())))
            })?;
        let names = Names::of(&json)?;

        let mut ports: Vec<u16> = run.packets.iter().map(|(p, _)| *p).collect();
        ports.extend(&run.ports);
        ports.sort_unstable();
        ports.dedup();
        // One input file per port; timestamps 1 µs apart keep the arrival order
        // when simple_switch merges the files by timestamp.
        let mut writers = BTreeMap::new();
        for &p in &ports {
            let path = dir.join(format!("p{p}_in.pcap"));
            let f = std::fs::File::create(&path)
                .map_err(|e| err(format!("{}: {e}", path.display())))?;
            let w = trace::pcap::PcapWriter::new(
                std::io::BufWriter::new(f),
                trace::pcap::Resolution::Microsecond,
            )
            .map_err(|e| err(e.to_string()))?;
            writers.insert(p, w);
            let _ = std::fs::remove_file(dir.join(format!("p{p}_out.pcap")));
        }
        for (i, (p, frame)) in run.packets.iter().enumerate() {
            let w = writers
                .get_mut(p)
                .ok_or_else(|| err("port without a file"))?;
            let ts = 1_000_000_000 + (i as u64) * 1_000;
            w.write(ts, frame).map_err(|e| err(e.to_string()))?;
        }
        for (_, w) in writers {
            w.into_inner()
                .flush()
                .map_err(|e| err(format!("writing input pcaps: {e}")))?;
        }

        // Egress queues hold 64 packets by default and drop beyond; the files are
        // read as fast as ingress goes, so make them hold the whole run.
        let depth = i32::try_from(run.packets.len().max(64)).unwrap_or(i32::MAX);
        let mut commands = vec![thrift::Op::QueueDepth(depth)];
        commands.extend(self::commands(
            program,
            &run.entries,
            &run.registers,
            &run.meters,
            &names,
        )?);
        let abs = std::fs::canonicalize(dir).map_err(|e| err(format!("{}: {e}", dir.display())))?;
        // Files are read after this many seconds: time to install the entries
        // (the pipelined runtime client does thousands a second).
        let wait_s = 3 + commands.len() as u64 / 2_000;
        let mut cmd = Command::new(&self.switch);
        cmd.current_dir(dir)
            .arg("--use-files")
            .arg(wait_s.to_string())
            .arg("--thrift-port")
            .arg(thrift_port.to_string())
            // Its own notification socket: the default, shared by every
            // instance with device id 0, lets only one run at a time.
            .arg("--device-id")
            .arg(thrift_port.to_string())
            .arg("--notifications-addr")
            .arg(format!("ipc://{}/notifications.ipc", abs.display()));
        for &p in &ports {
            cmd.arg("-i").arg(format!("{p}@p{p}"));
        }
        // The switch runs in `dir`: a relative JSON path would be read from there.
        let json_abs = std::fs::canonicalize(&json_path)
            .map_err(|e| err(format!("{}: {e}", json_path.display())))?;
        cmd.arg(&json_abs)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(
                std::fs::File::create(dir.join("stderr.txt"))
                    .map_err(|e| err(format!("{}: {e}", dir.display())))?,
            );
        let child = cmd
            .spawn()
            .map_err(|e| err(format!("cannot start {}: {e}", self.switch.display())))?;
        let mut guard = Running(Some(child));
        let start = Instant::now();
        wait_for_port(&mut guard, thrift_port, Duration::from_secs(10))?;
        let installing = Instant::now();
        let mut client = thrift::Client::connect_ready(
            thrift_port,
            Duration::from_secs(60),
            Duration::from_secs(10),
        )?;
        if let Err(e) = client.run(&commands) {
            // A switch that died (or never owned the port: another process may
            // have taken it between our probe and its start) says more than
            // the broken connection.
            std::thread::sleep(Duration::from_millis(100));
            if let Some(status) = guard.try_wait() {
                return Err(err(format!(
                    "exited ({status}) while its state was installed; is thrift port \
                     {thrift_port} taken by another process? Its stderr: {}",
                    stderr_tail(dir)
                )));
            }
            return Err(e.into());
        }
        let installed_in = installing.elapsed();
        if start.elapsed() >= Duration::from_secs(wait_s) {
            return Err(err(format!(
                "installing {} commands took longer than the {wait_s} s before traffic starts",
                commands.len()
            )));
        }
        // Wait for the outputs to settle: simple_switch says nothing when it has
        // read its input files, so wait until they stop growing for a while
        // after the reading started (and longer while nothing has come out).
        let settle = Duration::from_secs(2);
        let begin = Duration::from_secs(wait_s + 1);
        let mut last = (usize::MAX, Instant::now());
        loop {
            std::thread::sleep(Duration::from_millis(200));
            if let Some(status) = guard.try_wait() {
                return Err(err(format!(
                    "exited early ({status}); its stderr: {}",
                    stderr_tail(dir)
                )));
            }
            let n: usize = ports
                .iter()
                .map(|p| file_len(&dir.join(format!("p{p}_out.pcap"))))
                .sum();
            if n != last.0 {
                last = (n, Instant::now());
            } else if start.elapsed() > begin
                && last.1.elapsed() > settle
                && (n > 0 || start.elapsed() > begin + 4 * settle)
            {
                break;
            }
            if start.elapsed() > timeout {
                return Err(err(format!("traffic not done after {timeout:?}")));
            }
        }
        let mut outcome = Outcome {
            installed_in: Some(installed_in),
            ..Outcome::default()
        };
        let qualified: Vec<String> = program
            .registers
            .iter()
            .map(|r| names.register(&r.name))
            .collect::<Result<_, _>>()?;
        for (r, q) in program.registers.iter().zip(&qualified) {
            let cells = client.register_read_all(q)?;
            if cells.len() != r.size as usize {
                return Err(err(format!(
                    "register `{q}`: BMv2 has {} cells, the program declares {}",
                    cells.len(),
                    r.size
                )));
            }
            // BMv2 saturates at i64::MAX and never reports a negative value.
            let cells = cells.into_iter().map(|c| c.max(0) as u64).collect();
            outcome.registers.insert(r.name.clone(), cells);
        }
        for table in installed_tables(run) {
            let t = program
                .tables
                .iter()
                .find(|t| t.name == table)
                .ok_or_else(|| err(format!("no table `{table}`")))?;
            let (q, _) = Names::find(&names.tables, &table)?;
            let mut lines: Vec<String> = client
                .table_entries(q)?
                .into_iter()
                .map(|e| bmv2_entry_line(t.is_ternary(), &e))
                .collect();
            lines.sort();
            outcome.tables.insert(table, lines);
        }
        drop(guard);
        let (mut first, mut last, mut written) = (Duration::MAX, Duration::ZERO, 0usize);
        for &p in &ports {
            let path = dir.join(format!("p{p}_out.pcap"));
            // simple_switch writes the file header with the first packet.
            if file_len(&path) == 0 {
                continue;
            }
            let bytes =
                std::fs::read(&path).map_err(|e| err(format!("{}: {e}", path.display())))?;
            let records =
                pcap_frames(&bytes).map_err(|e| err(format!("{}: {e}", path.display())))?;
            for (ts, _) in &records {
                first = first.min(*ts);
                last = last.max(*ts);
                written += 1;
            }
            if !records.is_empty() {
                outcome
                    .out
                    .insert(p, records.into_iter().map(|(_, f)| f).collect());
            }
        }
        if written >= 2 {
            outcome.span = Some(last.saturating_sub(first));
        }
        Ok(outcome)
    }
}

/// Kills the switch when dropped (also when a run fails half way).
struct Running(Option<Child>);

impl Running {
    fn try_wait(&mut self) -> Option<std::process::ExitStatus> {
        self.0.as_mut().and_then(|c| c.try_wait().ok().flatten())
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        if let Some(mut c) = self.0.take() {
            let _ = c.kill();
            let _ = c.wait();
        }
    }
}

fn file_len(p: &Path) -> usize {
    std::fs::metadata(p).map_or(0, |m| m.len() as usize)
}

/// The last lines simple_switch wrote on stderr in `dir`.
fn stderr_tail(dir: &Path) -> String {
    let text = std::fs::read_to_string(dir.join("stderr.txt")).unwrap_or_default();
    let lines: Vec<&str> = text.lines().collect();
    let tail = lines[lines.len().saturating_sub(5)..].join(" | ");
    if tail.is_empty() {
        "(nothing)".into()
    } else {
        tail
    }
}

fn wait_for_port(sw: &mut Running, port: u16, limit: Duration) -> Result<(), Bmv2Error> {
    let start = Instant::now();
    while start.elapsed() < limit {
        if let Some(status) = sw.try_wait() {
            return Err(err(format!(
                "exited at start ({status}); is thrift port {port} taken?"
            )));
        }
        if std::net::TcpStream::connect(("127.0.0.1", port)).is_ok() {
            return Ok(());
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    Err(err(format!("thrift port {port} not open after {limit:?}")))
}

/// BMv2's qualified names of tables, actions and registers, with the bit
/// widths of table keys and action parameters (the runtime interface takes
/// values as byte strings of exactly those widths).
struct Names {
    /// Qualified table name and its key fields' widths.
    tables: Vec<(String, Vec<u32>)>,
    /// Qualified action name and its parameters' widths.
    actions: Vec<(String, Vec<u32>)>,
    registers: Vec<String>,
    meters: Vec<String>,
}

impl Names {
    fn of(json: &serde_json::Value) -> Result<Names, Bmv2Error> {
        let list = |v: &serde_json::Value| v.as_array().cloned().unwrap_or_default();
        // Header instance → its type's field widths.
        let types: BTreeMap<String, BTreeMap<String, u32>> = list(&json["header_types"])
            .iter()
            .filter_map(|t| {
                let fields = list(&t["fields"])
                    .iter()
                    .filter_map(|f| Some((f[0].as_str()?.to_string(), f[1].as_u64()? as u32)))
                    .collect();
                Some((t["name"].as_str()?.to_string(), fields))
            })
            .collect();
        let instance: BTreeMap<String, String> = list(&json["headers"])
            .iter()
            .filter_map(|h| {
                Some((
                    h["name"].as_str()?.to_string(),
                    h["header_type"].as_str()?.to_string(),
                ))
            })
            .collect();
        let width = |target: &serde_json::Value| -> Option<u32> {
            let (h, f) = (target[0].as_str()?, target[1].as_str()?);
            types.get(instance.get(h)?)?.get(f).copied()
        };
        let mut tables = Vec::new();
        for p in list(&json["pipelines"]) {
            for t in list(&p["tables"]) {
                let name = t["name"].as_str().unwrap_or_default().to_string();
                let widths = list(&t["key"])
                    .iter()
                    .map(|k| {
                        width(&k["target"]).ok_or_else(|| {
                            err(format!(
                                "table `{name}`: key {} has no width in the JSON",
                                k["target"]
                            ))
                        })
                    })
                    .collect::<Result<_, _>>()?;
                tables.push((name, widths));
            }
        }
        let actions = list(&json["actions"])
            .iter()
            .map(|a| {
                let widths = list(&a["runtime_data"])
                    .iter()
                    .map(|d| d["bitwidth"].as_u64().unwrap_or(0) as u32)
                    .collect();
                (a["name"].as_str().unwrap_or_default().to_string(), widths)
            })
            .collect();
        let registers = list(&json["register_arrays"])
            .iter()
            .filter_map(|r| r["name"].as_str().map(str::to_string))
            .collect();
        let meters = list(&json["meter_arrays"])
            .iter()
            .filter_map(|r| r["name"].as_str().map(str::to_string))
            .collect();
        Ok(Names {
            tables,
            actions,
            registers,
            meters,
        })
    }

    fn find<'a, T>(list: &'a [(String, T)], name: &str) -> Result<&'a (String, T), Bmv2Error> {
        list.iter()
            .find(|(n, _)| n == name || n.ends_with(&format!(".{name}")))
            .ok_or_else(|| err(format!("`{name}` is not in the BMv2 JSON")))
    }

    fn register(&self, name: &str) -> Result<String, Bmv2Error> {
        Self::named(&self.registers, "register", name)
    }

    fn meter(&self, name: &str) -> Result<String, Bmv2Error> {
        Self::named(&self.meters, "meter", name)
    }

    fn named(list: &[String], what: &str, name: &str) -> Result<String, Bmv2Error> {
        list.iter()
            .find(|n| *n == name || n.ends_with(&format!(".{name}")))
            .cloned()
            .ok_or_else(|| err(format!("{what} `{name}` is not in the BMv2 JSON")))
    }
}

/// The model's ternary priority `p` (higher wins) as BMv2's (lower wins).
const PRIORITY_TOP: u64 = 1 << 24;

/// The runtime operations that install `entries`, `registers` and `meters`
/// (in order).
fn commands(
    program: &Program,
    entries: &[(String, TableEntry)],
    registers: &[(String, u32, u64)],
    meters: &[(String, u32, pipe::meter::MeterConfig)],
    names: &Names,
) -> Result<Vec<thrift::Op>, Bmv2Error> {
    let mut v = Vec::with_capacity(entries.len() + registers.len());
    for (table, e) in entries {
        let t = program
            .tables
            .iter()
            .find(|t| &t.name == table)
            .ok_or_else(|| err(format!("no table `{table}`")))?;
        v.push(entry_op(table, t.is_ternary(), e, names)?);
    }
    for (r, i, x) in registers {
        let value = i64::try_from(*x).map_err(|_| {
            err(format!(
                "register `{r}` cell {i}: {x} is 2^63 or more, which BMv2's runtime interface \
                 (signed 64-bit) cannot carry"
            ))
        })?;
        let index = i32::try_from(*i).map_err(|_| err(format!("register `{r}`: cell {i}")))?;
        v.push(thrift::Op::RegisterWrite {
            register: names.register(r)?,
            index,
            value,
        });
    }
    for (m, i, c) in meters {
        // BMv2 takes rates per microsecond, committed first, then peak.
        let per_us = |r: u64| r as f64 / 1e6;
        let burst =
            |b: u64| i32::try_from(b).map_err(|_| err(format!("meter `{m}` cell {i}: burst {b}")));
        v.push(thrift::Op::MeterSetRates {
            meter: names.meter(m)?,
            index: i32::try_from(*i).map_err(|_| err(format!("meter `{m}`: cell {i}")))?,
            rates: vec![
                (per_us(c.cir), burst(c.cburst)?),
                (per_us(c.pir), burst(c.pburst)?),
            ],
        });
    }
    Ok(v)
}

/// The runtime operation that adds `e` to `table` (the model's name; a
/// write-back table is `<table>_wb`).
fn entry_op(
    table: &str,
    ternary: bool,
    e: &TableEntry,
    names: &Names,
) -> Result<thrift::Op, Bmv2Error> {
    use thrift::{MatchParam, bytes_of};
    let (tname, kw) = Names::find(&names.tables, table)?;
    let (aname, aw) = Names::find(&names.actions, &e.action)?;
    if kw.len() != e.key.len() || aw.len() != e.args.len() {
        return Err(err(format!(
            "table `{table}` action `{}`: the entry has {} key fields and {} arguments, \
             BMv2 expects {} and {}",
            e.action,
            e.key.len(),
            e.args.len(),
            kw.len(),
            aw.len()
        )));
    }
    let key = e
        .key
        .iter()
        .zip(kw)
        .map(|(k, &w)| match k {
            KeyMatch::Exact(x) => MatchParam::Exact(bytes_of(*x, w)),
            KeyMatch::Ternary { value, mask } => {
                MatchParam::Ternary(bytes_of(value & mask, w), bytes_of(*mask, w))
            }
            KeyMatch::Lpm { value, prefix_len } => {
                MatchParam::Lpm(bytes_of(*value, w), i32::from(*prefix_len))
            }
        })
        .collect();
    let data = e
        .args
        .iter()
        .zip(aw)
        .map(|(x, &w)| bytes_of(*x, w))
        .collect();
    let priority = if ternary {
        let p = u64::from(e.priority);
        if p >= PRIORITY_TOP {
            return Err(err(format!("table `{table}`: priority {p} too large")));
        }
        Some((PRIORITY_TOP - p) as i32)
    } else {
        None
    };
    Ok(thrift::Op::AddEntry {
        table: tname.clone(),
        key,
        action: aname.clone(),
        data,
        priority,
    })
}

/// The frames of a classic pcap file. simple_switch writes its output files with
/// link type 0 (`pcap_open_dead(0, ..)`), which general readers refuse; the
/// frames are Ethernet all the same.
fn pcap_frames(b: &[u8]) -> Result<Vec<(Duration, Vec<u8>)>, String> {
    let magic = b
        .get(..4)
        .map(|m| u32::from_le_bytes([m[0], m[1], m[2], m[3]]))
        .ok_or("shorter than a pcap header")?;
    let (big, nanos) = match magic {
        0xa1b2_c3d4 => (false, false),
        0xa1b2_3c4d => (false, true),
        0xd4c3_b2a1 => (true, false),
        0x4d3c_b2a1 => (true, true),
        m => return Err(format!("not a pcap file (magic {m:#x})")),
    };
    let u32_at = |at: usize| -> Option<u32> {
        let x: [u8; 4] = b.get(at..at + 4)?.try_into().ok()?;
        Some(if big {
            u32::from_be_bytes(x)
        } else {
            u32::from_le_bytes(x)
        })
    };
    let mut at = 24;
    let mut frames = Vec::new();
    while at < b.len() {
        let len = u32_at(at + 8).ok_or_else(|| format!("record header cut at byte {at}"))? as usize;
        let data = b
            .get(at + 16..at + 16 + len)
            .ok_or_else(|| format!("record at byte {at} cut short"))?;
        let secs = u32_at(at).unwrap_or(0);
        let frac = u32_at(at + 4).unwrap_or(0);
        let ts = Duration::from_secs(u64::from(secs))
            + if nanos {
                Duration::from_nanos(u64::from(frac))
            } else {
                Duration::from_micros(u64::from(frac))
            };
        frames.push((ts, data.to_vec()));
        at += 16 + len;
    }
    Ok(frames)
}

/// The tables `run` installs entries in.
fn installed_tables(run: &Run) -> std::collections::BTreeSet<String> {
    run.entries.iter().map(|(t, _)| t.clone()).collect()
}

/// An entry's key fields as text, space-separated; ternary values under their
/// mask, as BMv2 stores them.
pub(crate) fn key_text(e: &TableEntry) -> String {
    let key: Vec<String> = e
        .key
        .iter()
        .map(|k| match k {
            KeyMatch::Exact(x) => format!("{x}"),
            KeyMatch::Ternary { value, mask } => format!("{}&&&{mask}", value & mask),
            KeyMatch::Lpm { value, prefix_len } => format!("{value}/{prefix_len}"),
        })
        .collect();
    key.join(" ")
}

/// One table entry as a line: key, action (unqualified), arguments and, for
/// ternary tables, the model's priority. Ternary values are taken under their
/// mask, as BMv2 stores them.
pub fn entry_line(ternary: bool, e: &TableEntry) -> String {
    let key = key_text(e);
    let prio = if ternary {
        format!(" priority {}", e.priority)
    } else {
        String::new()
    };
    format!("[{key}] {} {:?}{prio}", e.action, e.args)
}

fn bmv2_entry_line(ternary: bool, e: &thrift::Entry) -> String {
    use thrift::MatchParam;
    let num = |b: &[u8]| b.iter().fold(0u64, |a, &x| (a << 8) | u64::from(x));
    let key = e
        .key
        .iter()
        .map(|k| match k {
            MatchParam::Exact(v) => KeyMatch::Exact(num(v)),
            MatchParam::Ternary(v, m) => KeyMatch::Ternary {
                value: num(v),
                mask: num(m),
            },
            MatchParam::Lpm(v, len) => KeyMatch::Lpm {
                value: num(v),
                prefix_len: u8::try_from(*len).unwrap_or(u8::MAX),
            },
        })
        .collect();
    let action = e.action.rsplit('.').next().unwrap_or_default().to_string();
    let priority = e
        .priority
        .and_then(|p| u64::try_from(p).ok())
        .map_or(0, |p| PRIORITY_TOP.saturating_sub(p)) as u32;
    let entry = TableEntry {
        key,
        action,
        args: e.data.iter().map(|d| num(d)).collect(),
        priority,
    };
    entry_line(ternary, &entry)
}

/// Why the model could not run a [`Run`].
#[derive(Debug, thiserror::Error)]
pub enum ModelError {
    /// The program does not load.
    #[error(transparent)]
    Program(#[from] pipe::ProgramError),
    /// An entry or register write was refused.
    #[error(transparent)]
    Control(#[from] ControlError),
    /// A packet could not be processed.
    #[error(transparent)]
    Exec(#[from] ExecError),
}

/// Which packets out of a port were recirculated on the way (per port, in
/// output order).
pub type Recirculated = BTreeMap<u16, Vec<bool>>;

/// The switch model's outcome for `run` (every packet at time 0), and which of
/// its output packets were recirculated. With every packet at one instant, a
/// meter's colours depend only on its bucket depths, not on its rates; BMv2
/// refills by its wall clock while it replays, so a comparison with meters must
/// use rates low enough that the replay adds no whole token.
pub fn model(program: &Program, run: &Run) -> Result<(Outcome, Recirculated), ModelError> {
    let mut sw = Switch::new(program.clone())?;
    for (t, e) in &run.entries {
        sw.insert(t, e.clone())?;
    }
    for (r, i, x) in &run.registers {
        sw.write_register(r, *i, *x)?;
    }
    for (m, i, c) in &run.meters {
        sw.set_meter(m, *i, Some(*c))?;
    }
    let mut out: BTreeMap<u16, Vec<Vec<u8>>> = BTreeMap::new();
    let mut recirculated = Recirculated::new();
    for (port, frame) in &run.packets {
        let before = sw.stats().recirculations;
        let o = sw.process(Duration::ZERO, *port, frame)?;
        if let Verdict::Emit { port } = o.verdict {
            out.entry(port).or_default().push(o.bytes);
            recirculated
                .entry(port)
                .or_default()
                .push(sw.stats().recirculations > before);
        }
    }
    let mut registers = BTreeMap::new();
    for r in &program.registers {
        registers.insert(r.name.clone(), sw.register_cells(&r.name)?.to_vec());
    }
    let mut tables = BTreeMap::new();
    for table in installed_tables(run) {
        let ternary = program
            .tables
            .iter()
            .any(|t| t.name == table && t.is_ternary());
        let mut lines: Vec<String> = sw
            .entries(&table)?
            .iter()
            .map(|e| entry_line(ternary, e))
            .collect();
        lines.sort();
        tables.insert(table, lines);
    }
    Ok((
        Outcome {
            out,
            registers,
            tables,
            span: None,
            installed_in: None,
        },
        recirculated,
    ))
}

/// What BMv2's runtime interface reports for a register cell of 2^63 or more:
/// its Thrift type is a signed 64-bit integer and BMv2 saturates. Such cells of
/// 64-bit registers cannot be read back; [`compare`] accepts this value for them
/// (the packets that read them still show their contents).
pub const UNREADABLE: u64 = i64::MAX as u64;

/// Every difference between the model's outcome and BMv2's: per port the same
/// packets byte for byte in the same order, the same final table contents
/// (of the tables the run installed entries in) and the same registers. A
/// recirculated packet re-enters BMv2's ingress behind packets that arrived
/// meanwhile while the model runs its passes at once, so no order is defined
/// between the two: recirculated packets must all be there, the others in
/// order.
pub fn compare(want: &Outcome, recirculated: &Recirculated, got: &Outcome) -> Vec<String> {
    let ports: std::collections::BTreeSet<u16> =
        want.out.keys().chain(got.out.keys()).copied().collect();
    let none = Vec::new();
    let mut diffs: Vec<String> = ports
        .into_iter()
        .filter_map(|p| {
            port_diff(
                p,
                want.out.get(&p).unwrap_or(&none),
                recirculated.get(&p).map_or(&[][..], Vec::as_slice),
                got.out.get(&p).unwrap_or(&none),
            )
        })
        .collect();
    for (table, lines) in &want.tables {
        let theirs = got.tables.get(table).map_or(&[][..], Vec::as_slice);
        if lines.as_slice() != theirs {
            let first = lines
                .iter()
                .zip(theirs)
                .find(|(a, b)| a != b)
                .map_or(String::new(), |(a, b)| format!(": model `{a}`, BMv2 `{b}`"));
            diffs.push(format!(
                "table `{table}`: model {} entries, BMv2 {}{first}",
                lines.len(),
                theirs.len()
            ));
        }
    }
    if want.registers != got.registers {
        for (name, cells) in &want.registers {
            let theirs = got.registers.get(name);
            let same = |i: usize, t: &[u64]| {
                t.get(i) == cells.get(i) || (cells[i] > UNREADABLE && t.get(i) == Some(&UNREADABLE))
            };
            if theirs
                .is_none_or(|t| t.len() != cells.len() || (0..cells.len()).any(|i| !same(i, t)))
            {
                let at = theirs.and_then(|t| (0..cells.len()).find(|&i| !same(i, t)));
                diffs.push(format!(
                    "registers: `{name}` differs{}",
                    at.map_or(String::new(), |i| format!(
                        " first at cell {i}: model {}, BMv2 {:?}",
                        cells[i],
                        theirs.and_then(|t| t.get(i))
                    ))
                ));
            }
        }
    }
    diffs
}

fn port_diff(p: u16, want: &[Vec<u8>], recirc: &[bool], got: &[Vec<u8>]) -> Option<String> {
    if want.len() != got.len() {
        return Some(format!(
            "port {p}: model {} packets, BMv2 {}",
            want.len(),
            got.len()
        ));
    }
    let is_recirc = |i: usize| recirc.get(i).copied().unwrap_or(false);
    let mut rest: Vec<&Vec<u8>> = got.iter().collect();
    for (i, w) in want.iter().enumerate().filter(|(i, _)| is_recirc(*i)) {
        match rest.iter().position(|g| *g == w) {
            Some(k) => {
                rest.remove(k);
            }
            None => {
                return Some(format!(
                    "port {p}: model's packet {i} (recirculated) not among BMv2's: {w:02x?}"
                ));
            }
        }
    }
    let plain: Vec<(usize, &Vec<u8>)> = want
        .iter()
        .enumerate()
        .filter(|(i, _)| !is_recirc(*i))
        .collect();
    plain
        .iter()
        .zip(&rest)
        .find(|((_, w), g)| w != *g)
        .map(|((i, w), g)| format!("port {p} packet {i}: model {w:02x?}\n  BMv2 {g:02x?}"))
}
