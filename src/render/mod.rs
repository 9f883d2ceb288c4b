//! Rendering: reports turned into what a person reads. Pure functions: no command line, no
//! store. Tables for a terminal, CSV, Markdown, the SVG map and the HTML page; one escaping
//! module per format (`csv`, `md`, `svg::esc`, `terminal`).

pub mod bgstats;
pub mod csv;
pub mod csv_export;
pub mod html;
pub mod md;
pub mod md_report;
pub mod recap;
mod sheets;
mod sheets_lists;
pub mod story;
pub mod story_html;
pub mod story_md;
pub mod svg;
pub mod table;
pub mod tabular;
pub mod terminal;
mod views;

pub use tabular::{Table, TableStyle, Tabular};
pub use views::photos::size_words;
