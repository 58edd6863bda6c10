// Several independent syntax errors; each is reported, parsing continues.
param port: u16 = 80

map flows: (ipv4, u16) -> u32 capacity 1024;

on packet {
    let x: u16 = (1 + ;
    let y: u16 = 2;
    if y == 2 {
        forward(1)
    }
    match flows.get((ipv4.src, y)) {
        Some(n) => { drop(); }
    }
    drop();
}
