//! The page's address as a QR code: on a terminal in half-height blocks, drawn dark on
//! light with both colours set, so that it scans on a light terminal and on a dark one
//! alike, inside the quiet zone of four modules a scanner needs; and as SVG for the join
//! page.

use std::fmt::Write as _;

use qrcode::QrCode;
use qrcode::render::unicode::Dense1x2;

/// Black text on a bright white ground (`ESC[30;107m`), then back to the terminal's own
/// colours.
const DARK_ON_LIGHT: anstyle::Style = anstyle::Style::new()
    .fg_color(Some(anstyle::Color::Ansi(anstyle::AnsiColor::Black)))
    .bg_color(Some(anstyle::Color::Ansi(anstyle::AnsiColor::BrightWhite)));

/// A QR code of `url` for a terminal: each line sets both its colours (a QR code drawn in
/// the terminal's own colours is inverted on a light terminal, which many phones do not
/// read).
pub fn qr_text(url: &str) -> Option<String> {
    let code = QrCode::new(url.as_bytes()).ok()?;
    let drawn = code
        .render::<Dense1x2>()
        .dark_color(Dense1x2::Dark)
        .light_color(Dense1x2::Light)
        .quiet_zone(true)
        .build();
    let lines: Vec<String> = drawn
        .lines()
        .map(|line| format!("{DARK_ON_LIGHT}{line}{DARK_ON_LIGHT:#}"))
        .collect();
    Some(lines.join("\n"))
}

/// A QR code of `url` as an SVG image, black modules on white with the quiet zone of four,
/// as wide as the page makes it (its `viewBox`, one unit a module).
pub(super) fn qr_svg(url: &str) -> Option<String> {
    let code = QrCode::new(url.as_bytes()).ok()?;
    let width = code.width();
    let side = width + 8;
    let mut dark = String::new();
    for (i, colour) in code.to_colors().iter().enumerate() {
        if *colour == qrcode::Color::Dark {
            let (x, y) = (i % width + 4, i / width + 4);
            let _ = write!(dark, "M{x} {y}h1v1h-1z");
        }
    }
    Some(format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"100%\" viewBox=\"0 0 {side} {side}\" \
         shape-rendering=\"crispEdges\" role=\"img\" aria-label=\"A QR code of {url}\">\
         <rect width=\"{side}\" height=\"{side}\" fill=\"#ffffff\"/>\
         <path d=\"{dark}\" fill=\"#000000\"/></svg>"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A terminal's own colours, as grey levels: its text and its ground.
    #[derive(Clone, Copy)]
    struct Terminal {
        text: u8,
        ground: u8,
    }

    const LIGHT: Terminal = Terminal {
        text: 0,
        ground: 255,
    };
    const DARK: Terminal = Terminal {
        text: 255,
        ground: 0,
    };

    /// The grey level a colour code of a terminal sets (`30`, `107`, `0`...): the text's,
    /// the ground's, or both back to the terminal's own.
    fn colour(code: &str, terminal: Terminal, text: &mut u8, ground: &mut u8) {
        match code {
            "" | "0" => (*text, *ground) = (terminal.text, terminal.ground),
            "30" | "90" => *text = 0,
            "37" | "97" => *text = 255,
            "39" => *text = terminal.text,
            "40" | "100" => *ground = 0,
            "47" | "107" => *ground = 255,
            "49" => *ground = terminal.ground,
            other => panic!("a colour code the terminal does not know: {other}"),
        }
    }

    /// What a terminal shows of `drawn`, as grey pixels, `scale` pixels a module (a half
    /// block), with a margin of the terminal's ground around it.
    fn screen(drawn: &str, terminal: Terminal, scale: usize) -> (usize, usize, Vec<u8>) {
        let mut rows: Vec<Vec<u8>> = Vec::new();
        for line in drawn.lines() {
            let (mut text, mut ground) = (terminal.text, terminal.ground);
            let (mut top, mut bottom) = (Vec::new(), Vec::new());
            let mut chars = line.chars();
            while let Some(c) = chars.next() {
                if c == '\x1b' {
                    let codes: String = chars.by_ref().take_while(|c| *c != 'm').collect();
                    for code in codes.trim_start_matches('[').split(';') {
                        colour(code, terminal, &mut text, &mut ground);
                    }
                    continue;
                }
                let (upper, lower) = match c {
                    '█' => (text, text),
                    '▀' => (text, ground),
                    '▄' => (ground, text),
                    ' ' => (ground, ground),
                    other => panic!("a character a QR code is not drawn with: {other:?}"),
                };
                top.push(upper);
                bottom.push(lower);
            }
            rows.push(top);
            rows.push(bottom);
        }
        let margin = 8;
        let modules = rows.iter().map(Vec::len).max().unwrap_or(0);
        let width = (modules + 2 * margin) * scale;
        let height = (rows.len() + 2 * margin) * scale;
        let mut pixels = vec![terminal.ground; width * height];
        for (y, row) in rows.iter().enumerate() {
            for (x, grey) in row.iter().enumerate() {
                for dy in 0..scale {
                    let start = ((y + margin) * scale + dy) * width + (x + margin) * scale;
                    pixels[start..start + scale].fill(*grey);
                }
            }
        }
        (width, height, pixels)
    }

    /// What a phone's camera reads off the screen: the texts of the QR codes it finds.
    fn scan(width: usize, height: usize, pixels: &[u8]) -> Vec<String> {
        let mut image = rqrr::PreparedImage::prepare_from_greyscale(width, height, |x, y| {
            pixels[y * width + x]
        });
        image
            .detect_grids()
            .iter()
            .filter_map(|grid| grid.decode().ok())
            .map(|(_, text)| text)
            .collect()
    }

    #[test]
    fn the_terminal_code_scans_on_a_light_terminal_and_on_a_dark_one() {
        let url = "http://192.168.77.5:8765/";
        let drawn = qr_text(url).expect("a QR code");
        for (terminal, name) in [(LIGHT, "light"), (DARK, "dark")] {
            let (width, height, pixels) = screen(&drawn, terminal, 4);
            assert_eq!(scan(width, height, &pixels), [url], "on a {name} terminal");
        }
    }

    #[test]
    fn the_terminal_code_has_a_quiet_zone_of_four_modules_in_its_own_light() {
        let drawn = qr_text("http://192.168.77.5:8765/").expect("a QR code");
        let (width, height, pixels) = screen(&drawn, DARK, 1);
        // The margin of the dark terminal's ground, then four light modules on every side.
        let margin = 8;
        for i in margin..margin + 4 {
            for j in margin..width - margin {
                assert_eq!(pixels[i * width + j], 255, "row {i}");
                assert_eq!(
                    pixels[(height - 1 - i) * width + j],
                    255,
                    "row from the end {i}"
                );
            }
            for j in margin..height - margin {
                assert_eq!(pixels[j * width + i], 255, "column {i}");
                assert_eq!(
                    pixels[j * width + width - 1 - i],
                    255,
                    "column from the end {i}"
                );
            }
        }
    }

    /// The QR code's SVG, drawn back as pixels, `scale` a module.
    fn svg_screen(drawn: &str, scale: usize) -> (usize, usize, Vec<u8>) {
        let view = drawn.split("viewBox=\"0 0 ").nth(1).expect("a viewBox");
        let side: usize = view
            .split(' ')
            .next()
            .and_then(|n| n.parse().ok())
            .expect("a side");
        let width = (side + 8) * scale;
        let mut pixels = vec![255u8; width * width];
        let path = drawn.split(" d=\"").nth(1).expect("a path");
        for module in path.split('z').filter(|m| m.starts_with('M')) {
            let at = module[1..].split('h').next().expect("a place");
            let (x, y) = at.split_once(' ').expect("x and y");
            let (x, y): (usize, usize) = (x.parse().expect("x"), y.parse().expect("y"));
            for dy in 0..scale {
                let start = ((y + 4) * scale + dy) * width + (x + 4) * scale;
                pixels[start..start + scale].fill(0);
            }
        }
        (width, width, pixels)
    }

    #[test]
    fn the_join_page_code_scans() {
        let url = "http://192.168.77.5:8765/log?key=0123456789abcdef0123456789abcdef";
        let drawn = qr_svg(url).expect("a QR code");
        let (width, height, pixels) = svg_screen(&drawn, 4);
        assert_eq!(scan(width, height, &pixels), [url]);
    }
}
