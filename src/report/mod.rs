//! Read models: what each command prints, as data. Each type here *is* the JSON contract of
//! its command (`Serialize` + `JsonSchema`; `schema/json/` holds the schemas), built from the
//! domain's campaign state and log. How a person reads them (tables, CSV, Markdown, the
//! map, the page) is `render`'s job.

pub mod aliases;
pub mod board;
pub mod campaigns;
pub mod check;
pub mod coins;
pub mod correcting;
pub mod corrections;
pub mod export;
pub mod factions;
pub mod game;
pub mod history;
pub mod history_query;
pub mod marked;
pub mod packets;
pub mod person;
pub mod photos;
pub mod pools;
pub mod powers;
pub mod recap;
pub mod recap_coming;
pub mod resolving;
pub mod rules;
pub mod scar_types;
pub mod schema;
pub mod setup;
pub mod spoilers;
pub mod standing;
pub mod stats;
pub mod story;
pub mod sync;
pub mod taking_back;
pub mod world;

pub use schema::json_schemas;
