// Unknown and duplicate names, with suggestions.
param backends: list<ipv4> = [10.0.0.1];
map conns: u16 -> ipv4 capacity 64;
map conns: u16 -> ipv4 capacity 64;
register tcp: u8;

on packet {
    let port = tcp.dst_port;
    match conn.get(prot) {
        Some(b) => { ipv4.dst = b; }
        None => {}
    }
    let h = md5(port);
    forward(1);
}
