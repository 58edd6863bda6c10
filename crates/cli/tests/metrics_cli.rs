//! `--metrics ADDR` on the five daemons (docs/LIVE.md, "Metrics"): each
//! started with port 0, its printed address scraped with a plain `GET
//! /metrics`, the figures checked against the traffic sent. The switch
//! without ports runs anywhere; the others need root and namespaces
//! (skipped with a printed reason otherwise), hosts in 198.18.0.0/15 only.
//!
//! ```text
//!  client ns ── c1 [port 0] tandem live | filter live | switch [port 1] s1 ── server ns
//!                          [cpu] cpu0 ══ link0  tandem server | tandem filter agent
//!  metrics: each daemon's own port on the test's loopback (bound before --netns)
//! ```

mod common;

use std::net::{SocketAddrV4, TcpListener};

use common::live::*;
use common::netns::*;
use common::procs::*;
use common::scrape::*;
use common::*;

const HTTP_PORT: u16 = 8080;

/// Downloads `sizes` from the first server, from the client namespace.
fn downloads(topo: &Topology, sizes: &[usize]) {
    let server = SocketAddrV4::new(topo.server_ip(0), HTTP_PORT);
    let (stop, handles) = servers(&[(topo.servers[0].clone(), server)]);
    let sizes = sizes.to_vec();
    topo.client.run(move || {
        for (i, &s) in sizes.iter().enumerate() {
            download(server, i as u32, s);
        }
    });
    stop_servers(stop, handles);
}

#[test]
fn the_switch_without_ports_serves_its_tables_and_cpu_time() {
    let dir = scratch("metrics-switch");
    let log = dir.join("switch.log");
    let nat = example("mazunat.nf");
    let mut d = Daemon::start(
        "switch",
        &[
            "switch",
            &nat,
            "--grpc",
            "127.0.0.1:0",
            "--metrics",
            "127.0.0.1:0",
            "--duration",
            "20",
        ],
        &log,
    );
    d.wait_for("P4Runtime");
    let addr = metrics_addr(&log);
    assert!(addr.ip().is_loopback());
    let m = scrape(addr);
    for t in ["t_nat_out", "t_nat_in"] {
        assert_eq!(
            get(&m, &format!("tandem_table_entries{{table=\"{t}\"}}")),
            0.0
        );
        assert_eq!(
            get(&m, &format!("tandem_table_hits_total{{table=\"{t}\"}}")),
            0.0
        );
    }
    assert_eq!(get(&m, "tandem_control_writes_total"), 0.0);
    assert_eq!(get(&m, "tandem_connected"), 0.0);
    let cpu = get(&m, "process_cpu_seconds_total");
    assert!(cpu > 0.0, "{cpu}");
    // Monotonic, and the process keeps running (its stop poll).
    std::thread::sleep(std::time::Duration::from_millis(700));
    assert!(get(&scrape(addr), "process_cpu_seconds_total") >= cpu);
    d.stop_lines();
}

#[test]
fn a_metrics_address_in_use_is_an_error_naming_it() {
    let taken = TcpListener::bind("127.0.0.1:0").expect("bind");
    let addr = taken.local_addr().expect("addr").to_string();
    let o = tandem(&[
        "switch",
        "--grpc",
        "127.0.0.1:0",
        "--metrics",
        &addr,
        "--duration",
        "5",
    ]);
    assert!(!o.status.success());
    let err = text(&o.stderr);
    assert!(
        err.contains(&format!("cannot serve metrics on {addr}")),
        "{err}"
    );
    let o = tandem(&["switch", "--grpc", "127.0.0.1:0", "--metrics", "here"]);
    assert!(!o.status.success());
    assert!(text(&o.stderr).contains("expected PORT or HOST:PORT"));
}

#[test]
fn tandem_live_serves_ports_tables_and_the_servers_share() {
    let Some(root) = can_run("live metrics", &[]) else {
        return;
    };
    let topo = Topology::new(root, "mxl", 1);
    let dir = scratch("metrics-live");
    let nat = example("mazunat.nf");
    let set_ext = format!("external_ip={SERVER_GW}");
    let live = LiveProcess::start_with_options(
        &dir,
        &topo.switch,
        &["--metrics", "127.0.0.1:0"],
        &[&nat, "--set", &set_ext],
    );
    let addr = live.metrics();
    let before = scrape_until(addr, "process_cpu_seconds_total", 0.0);
    downloads(&topo, &[1_000, 100_000]);
    let after = scrape_until(addr, "tandem_server_packets_total", 2.0);
    let rx0 = r#"tandem_port_rx_frames_total{port="0"}"#;
    assert!(get(&after, rx0) > before.get(rx0).copied().unwrap_or(0.0) + 10.0);
    assert!(get(&after, r#"tandem_port_tx_frames_total{port="1"}"#) > 10.0);
    assert!(get(&after, "tandem_control_ops_total") > 0.0);
    assert!(get(&after, r#"tandem_table_hits_total{table="t_nat_out"}"#) > 0.0);
    assert!(get(&after, r#"tandem_table_misses_total{table="t_nat_out"}"#) >= 2.0);
    assert!(get(&after, r#"tandem_table_entries{table="t_nat_out"}"#) >= 2.0);
    assert_eq!(
        get(&after, r#"tandem_meter_drops_total{meter="miss_punt"}"#),
        0.0
    );
    assert!(get(&after, "process_cpu_seconds_total") > 0.0);
    let v = live.stop();
    // The same figures as the summary, which counts to the end.
    assert!(
        get(&after, "tandem_server_packets_total")
            <= v["partition"]["server_packets"].as_u64().unwrap_or(0) as f64
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn tandem_filter_live_serves_its_ports_and_agent() {
    let Some(root) = can_run("filter live metrics", &[]) else {
        return;
    };
    let topo = Topology::new(root, "mxf", 1);
    let dir = scratch("metrics-filter-live");
    let live = LiveProcess::start_filter(&dir, &topo.switch, &["--metrics", "127.0.0.1:0"]);
    let addr = live.metrics();
    downloads(&topo, &[1_000, 50_000]);
    let after = scrape_until(addr, "tandem_server_packets_total", 2.0);
    assert!(get(&after, r#"tandem_port_rx_frames_total{port="0"}"#) > 5.0);
    assert!(get(&after, r#"tandem_port_tx_frames_total{port="0"}"#) > 5.0);
    assert!(get(&after, "tandem_filter_forwarded_total") > 10.0);
    assert!(get(&after, "tandem_control_ops_total") > 0.0);
    // The downloads' data packets were decided on the switch alone.
    assert!(get(&after, "tandem_switch_only_packets_total") > 10.0);
    assert_eq!(get(&after, r#"tandem_meter_drops_total{meter="syn"}"#), 0.0);
    live.stop();
    let _ = std::fs::remove_dir_all(&dir);
}

/// The P4Runtime address of a two-process test (`k`: which one).
fn grpc_addr(k: u32) -> String {
    format!(
        "127.0.0.1:{}",
        23_000 + (std::process::id() % 13_000) * 2 + k
    )
}

#[test]
fn switch_and_server_serve_the_data_path_tables_and_write_latency() {
    let Some(root) = can_run("two-process metrics", &[]) else {
        return;
    };
    let topo = Topology::new(root, "mxp", 1);
    topo.cpu_link();
    let dir = scratch("metrics-procs");
    let nat = example("mazunat.nf");
    let set_ext = format!("external_ip={SERVER_GW}");
    let program = [nat.as_str(), "--set", &set_ext];
    let grpc = grpc_addr(0);
    let metrics = ["--metrics", "127.0.0.1:0"];
    let (sw_log, srv_log) = (dir.join("switch.log"), dir.join("server.log"));
    let switch = start_switch_at(&program, &grpc, &topo.switch, &sw_log, None, &metrics);
    let mut server = spawn_server(&program, &grpc, &topo.switch, &srv_log, &metrics);
    server.wait_for("primary for the switch");
    let (sw, srv) = (metrics_addr(&sw_log), metrics_addr(&srv_log));
    let sw0 = scrape_until(sw, "tandem_connected", 1.0);
    downloads(&topo, &[1_000, 100_000]);

    let s = scrape_until(sw, "tandem_server_packets_total", 2.0);
    assert!(get(&s, r#"tandem_port_rx_frames_total{port="0"}"#) > 10.0);
    assert!(get(&s, r#"tandem_port_tx_frames_total{port="cpu"}"#) >= 2.0);
    assert!(get(&s, "tandem_control_writes_total") > get(&sw0, "tandem_control_writes_total"));
    assert!(get(&s, r#"tandem_table_entries{table="t_nat_out"}"#) >= 2.0);
    assert!(get(&s, r#"tandem_table_hits_total{table="t_nat_out"}"#) > 0.0);

    let v = scrape_until(srv, "tandem_server_packets_total", 2.0);
    assert!(get(&v, "tandem_control_write_seconds_count") >= 1.0);
    assert!(get(&v, "tandem_control_ops_total") > 0.0);
    assert!(get(&v, r#"tandem_port_rx_frames_total{port="link"}"#) >= 2.0);
    let writes = get(&v, "tandem_control_write_seconds_count");
    assert!(get(&v, r#"tandem_control_write_seconds_bucket{le="+Inf"}"#) == writes);
    assert!(get(&v, "tandem_control_write_seconds_sum") > 0.0);
    assert!(get(&v, "tandem_held_packets_total") >= 1.0);
    assert_eq!(get(&v, "tandem_connected"), 1.0);
    assert!(get(&v, "process_cpu_seconds_total") > 0.0);
    server.stop_lines();
    switch.stop_lines();
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_filter_agent_serves_its_writes_and_connections() {
    let Some(root) = can_run("filter agent metrics", &[]) else {
        return;
    };
    let topo = Topology::new(root, "mxa", 1);
    topo.cpu_link();
    let dir = scratch("metrics-agent");
    let cof = dir.join("cof");
    let o = tandem(&[
        "filter",
        "p4",
        "--output-dir",
        path_str(&cof),
        "--sram-mib",
        "1",
    ]);
    assert!(o.status.success(), "filter p4: {}", text(&o.stderr));
    let program = cof.join("cofilter.pipe.json");
    let grpc = grpc_addr(1);
    let (sw_log, agent_log) = (dir.join("switch.log"), dir.join("agent.log"));
    let switch = start_switch_at(
        &[path_str(&program)],
        &grpc,
        &topo.switch,
        &sw_log,
        None,
        &[],
    );
    let mut agent = Daemon::start(
        "filter agent",
        &[
            "filter",
            "agent",
            "--switch",
            &grpc,
            "--netns",
            &topo.switch,
            "--link",
            "link0",
            "--sram-mib",
            "1",
            "--duration",
            "60",
            "--metrics",
            "127.0.0.1:0",
        ],
        &agent_log,
    );
    agent.wait_for("primary for the switch");
    let addr = metrics_addr(&agent_log);
    let before = scrape_until(addr, "tandem_connected", 1.0);
    downloads(&topo, &[1_000, 50_000]);
    let after = scrape_until(addr, "tandem_server_packets_total", 2.0);
    assert!(
        get(&after, "tandem_control_writes_total") > get(&before, "tandem_control_writes_total")
    );
    assert!(get(&after, "tandem_control_ops_total") > get(&before, "tandem_control_ops_total"));
    assert!(
        get(&after, "tandem_control_write_seconds_count")
            > get(&before, "tandem_control_write_seconds_count")
    );
    assert!(get(&after, r#"tandem_port_rx_frames_total{port="link"}"#) >= 2.0);
    assert!(get(&after, "tandem_filter_forwarded_total") >= 2.0);
    assert!(get(&after, "tandem_filter_connections") >= 1.0);
    assert_eq!(get(&after, "tandem_connected"), 1.0);
    agent.stop_lines();
    switch.stop_lines();
    let _ = std::fs::remove_dir_all(&dir);
}
