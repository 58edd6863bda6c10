// Trojan detector (Gallium §6.1).
//
// Ports: 0 = inside, 1 = outside. All traffic is forwarded to the other port.
//
// Parameters: none.
//
// Tracks each host (the source address of packets towards a service port) and
// raises `trojan { host }` for a host that, in this order,
//   1. opens an SSH connection (a TCP SYN to port 22),
//   2. downloads an HTML file over HTTP (a request to port 80 starting with
//      "GET " whose path ends in .html or .htm) or a .zip/.exe file over FTP
//      (a command to port 21 starting with "RETR " naming such a file),
//   3. sends IRC traffic (TCP to ports 6660–6669).
// The event is raised once per host; the summary prints the address dotted.

// Per-host progress: 1 after SSH, 2 after the download, 3 once reported.
map stage: ipv4 -> u8 capacity 65536;

event trojan { host: ipv4 }

const SYN: u8 = 0x02;
const ACK: u8 = 0x10;

on packet {
    if !tcp.valid { forward(in_port ^ 1); }
    let host = ipv4.src;
    let dport = tcp.dst_port;
    let mut st: u8 = 0;
    match stage.get(host) {
        Some(s) => { st = s; }
        None => {}
    }

    if st == 0 && dport == 22 && (tcp.flags & (SYN | ACK)) == SYN {
        stage.insert(host, 1);
    } else if st == 1 {
        let http = dport == 80 && payload.starts_with("GET ")
            && (payload.contains(".html ") || payload.contains(".htm "));
        let ftp = dport == 21 && payload.starts_with("RETR ")
            && (payload.contains(".zip\r\n") || payload.contains(".exe\r\n"));
        if http || ftp {
            stage.insert(host, 2);
        }
    } else if st == 2 && dport >= 6660 && dport <= 6669 {
        stage.insert(host, 3);
        emit trojan { host: host };
    }
    forward(in_port ^ 1);
}
