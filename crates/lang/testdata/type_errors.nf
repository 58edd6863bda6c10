// Type errors: each is reported once, with the expected and found types.
param vip: ipv4 = 10.0.0.1;

on packet {
    let a: u8 = 300;
    let b: u16 = tcp.src_port + ipv4.ttl;
    if ipv4.src == 167772161 { drop(); }
    let c: bit<32> = ipv4.dst;
    let d: bool = tcp.dst_port;
    ipv4.src = vip as bit<32>;
    let e = tcp.flgs;
    forward(ipv4.ttl);
}
