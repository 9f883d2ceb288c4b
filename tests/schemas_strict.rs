//! Every committed JSON Schema (`schema/*.schema.json`, `schema/json/*.schema.json`)
//! is one a strict validator takes: only the keywords of JSON Schema 2020-12, only its
//! standard formats (schemars's `uint32`, `int8`, `double`... are not), `required` naming
//! only properties the object defines, a union type only of a type and null. Checked two
//! ways: by walking the schemas here (runs everywhere), and by compiling each with ajv in
//! its strict mode where node and npm are installed (skipped, with a notice, otherwise).

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

/// The formats JSON Schema 2020-12 defines (validation vocabulary, section 7.3), written
/// out here from the specification rather than taken from `report::schema`, so that a
/// wrong list there fails this test instead of passing it.
const STANDARD_FORMATS: &[&str] = &[
    "date-time",
    "date",
    "time",
    "duration",
    "email",
    "idn-email",
    "hostname",
    "idn-hostname",
    "ipv4",
    "ipv6",
    "uri",
    "uri-reference",
    "iri",
    "iri-reference",
    "uuid",
    "uri-template",
    "json-pointer",
    "relative-json-pointer",
    "regex",
];

/// The keywords of the 2020-12 vocabularies (core, applicator, unevaluated, validation,
/// meta-data, format-annotation, content).
const KEYWORDS: &[&str] = &[
    "$schema",
    "$id",
    "$ref",
    "$anchor",
    "$dynamicRef",
    "$dynamicAnchor",
    "$vocabulary",
    "$comment",
    "$defs",
    "prefixItems",
    "items",
    "contains",
    "additionalProperties",
    "properties",
    "patternProperties",
    "dependentSchemas",
    "propertyNames",
    "if",
    "then",
    "else",
    "allOf",
    "anyOf",
    "oneOf",
    "not",
    "unevaluatedItems",
    "unevaluatedProperties",
    "type",
    "const",
    "enum",
    "multipleOf",
    "maximum",
    "exclusiveMaximum",
    "minimum",
    "exclusiveMinimum",
    "maxLength",
    "minLength",
    "pattern",
    "maxItems",
    "minItems",
    "uniqueItems",
    "maxContains",
    "minContains",
    "maxProperties",
    "minProperties",
    "required",
    "dependentRequired",
    "title",
    "description",
    "default",
    "deprecated",
    "readOnly",
    "writeOnly",
    "examples",
    "format",
    "contentEncoding",
    "contentMediaType",
    "contentSchema",
];

/// Keywords whose value is one schema.
const ONE_SCHEMA: &[&str] = &[
    "items",
    "contains",
    "additionalProperties",
    "propertyNames",
    "if",
    "then",
    "else",
    "not",
    "unevaluatedItems",
    "unevaluatedProperties",
    "contentSchema",
];
/// Keywords whose value is a list of schemas.
const LIST_OF_SCHEMAS: &[&str] = &["prefixItems", "allOf", "anyOf", "oneOf"];
/// Keywords whose value maps names to schemas.
const MAP_OF_SCHEMAS: &[&str] = &[
    "$defs",
    "properties",
    "patternProperties",
    "dependentSchemas",
];

/// What a strict validator would refuse in `schema` (at `path`, a JSON pointer), added to
/// `found`. Only schemas are walked: the values of `enum`, `const`, `default` are data.
fn strict_problems(schema: &Value, path: &str, found: &mut Vec<String>) {
    let Value::Object(object) = schema else {
        if !schema.is_boolean() {
            found.push(format!("{path}: a schema is an object or a boolean"));
        }
        return;
    };
    for (keyword, value) in object {
        let at = format!("{path}/{keyword}");
        if !KEYWORDS.contains(&keyword.as_str()) {
            found.push(format!(
                "{at}: `{keyword}` is not a JSON Schema 2020-12 keyword"
            ));
        } else if ONE_SCHEMA.contains(&keyword.as_str()) {
            strict_problems(value, &at, found);
        } else if LIST_OF_SCHEMAS.contains(&keyword.as_str()) {
            for (i, item) in value.as_array().into_iter().flatten().enumerate() {
                strict_problems(item, &format!("{at}/{i}"), found);
            }
        } else if MAP_OF_SCHEMAS.contains(&keyword.as_str()) {
            for (name, item) in value.as_object().into_iter().flatten() {
                strict_problems(item, &format!("{at}/{name}"), found);
            }
        }
    }
    if let Some(format) = object.get("format")
        && !format
            .as_str()
            .is_some_and(|f| STANDARD_FORMATS.contains(&f))
    {
        found.push(format!("{path}: format {format} is not a standard format"));
    }
    if let Some(Value::Array(types)) = object.get("type")
        && !(types.len() == 2 && types.iter().any(|t| t == "null"))
    {
        let types = Value::Array(types.clone());
        found.push(format!(
            "{path}: the union type {types} is more than a type or null"
        ));
    }
    if let Some(Value::Array(required)) = object.get("required") {
        let defined = object.get("properties").and_then(Value::as_object);
        for name in required {
            let name = name.as_str().unwrap_or_default();
            if !defined.is_some_and(|d| d.contains_key(name)) {
                found.push(format!(
                    "{path}: `{name}` is required but not among the properties"
                ));
            }
        }
    }
}

/// Every committed schema file.
fn committed_schemas() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files: Vec<PathBuf> = ["schema", "schema/json"]
        .iter()
        .flat_map(|folder| std::fs::read_dir(root.join(folder)).expect("the folder can be read"))
        .map(|entry| entry.expect("an entry").path())
        .filter(|path| path.to_string_lossy().ends_with(".schema.json"))
        .collect();
    files.sort();
    files
}

fn problems_in(file: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(file).expect("the schema can be read");
    let schema: Value = serde_json::from_str(&text).expect("the schema is JSON");
    let mut found = Vec::new();
    strict_problems(&schema, "#", &mut found);
    found
}

#[test]
fn every_committed_schema_keeps_to_the_2020_12_vocabulary_and_formats() {
    let files = committed_schemas();
    // The campaign file, the device log and every command's JSON output.
    assert!(files.len() >= 23, "only {} schemas found", files.len());
    let mut problems = Vec::new();
    for file in &files {
        let name = file.file_name().expect("a name").to_string_lossy();
        problems.extend(problems_in(file).into_iter().map(|p| format!("{name} {p}")));
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_strict_check_refuses_what_ajv_would() {
    let schema = serde_json::json!({
        "type": "object",
        "properties": {
            "game": {"type": "integer", "format": "uint32"},
            "when": {"type": "string", "format": "date-time"},
            "format": {"type": ["string", "integer"]},
            "names": {"type": "array", "items": {"type": "string", "nullable": true}},
            "mark": {"enum": [{"format": "not a schema"}]}
        },
        "required": ["game", "gone"]
    });
    let mut found = Vec::new();
    strict_problems(&schema, "#", &mut found);
    found.sort();
    assert_eq!(
        found,
        [
            "#/properties/format: the union type [\"string\",\"integer\"] is more than a type or null",
            "#/properties/game: format \"uint32\" is not a standard format",
            "#/properties/names/items/nullable: `nullable` is not a JSON Schema 2020-12 keyword",
            "#: `gone` is required but not among the properties",
        ]
    );
}

/// A program, if it runs here.
fn installed(program: &str) -> bool {
    Command::new(program)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// Compiles each schema with ajv's 2020-12 validator in strict mode, the standard formats
/// known (and only those); prints what it refuses and exits 1 if it refuses any.
const AJV_SCRIPT: &str = r#"
const Ajv2020 = require("ajv/dist/2020");
const addFormats = require("ajv-formats");
const fs = require("fs");
const known = ["date-time", "date", "time", "duration", "email", "hostname", "ipv4", "ipv6",
  "uri", "uri-reference", "uuid", "uri-template", "json-pointer", "relative-json-pointer", "regex"];
let refused = 0;
for (const file of process.argv.slice(2)) {
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  addFormats(ajv, known);
  for (const name of ["idn-email", "idn-hostname", "iri", "iri-reference"]) ajv.addFormat(name, true);
  try {
    ajv.compile(JSON.parse(fs.readFileSync(file, "utf8")));
  } catch (e) {
    refused++;
    console.log(file + ": " + e.message);
  }
}
console.log("ajv compiled " + (process.argv.length - 2 - refused) + " of " + (process.argv.length - 2) + " schemas");
process.exit(refused ? 1 : 0);
"#;

/// A folder with ajv and ajv-formats installed (under the target folder, kept between
/// runs), or why there is none.
fn ajv_folder() -> Result<PathBuf, String> {
    let folder = Path::new(env!("CARGO_TARGET_TMPDIR")).join("ajv");
    let installed = |f: &Path| {
        f.join("node_modules/ajv/dist/2020.js").is_file()
            && f.join("node_modules/ajv-formats").is_dir()
    };
    if !installed(&folder) {
        // Installed aside and moved in whole, so two runs at once never share a half.
        let aside = folder.with_file_name(format!("ajv-{}", std::process::id()));
        std::fs::create_dir_all(&aside).map_err(|e| e.to_string())?;
        std::fs::write(aside.join("package.json"), "{\"private\": true}\n")
            .map_err(|e| e.to_string())?;
        let output = Command::new("npm")
            .args(["install", "--no-audit", "--no-fund", "--no-save"])
            .args(["--fetch-retries=1", "--fetch-timeout=30000"])
            .args(["ajv@8", "ajv-formats@3"])
            .current_dir(&aside)
            .output()
            .map_err(|e| format!("npm cannot be run: {e}"))?;
        if !output.status.success() {
            let _ = std::fs::remove_dir_all(&aside);
            return Err(format!(
                "npm install ajv failed (no network?): {}",
                String::from_utf8_lossy(&output.stderr).trim()
            ));
        }
        if std::fs::rename(&aside, &folder).is_err() {
            let _ = std::fs::remove_dir_all(&aside);
        }
    }
    std::fs::write(folder.join("strict.js"), AJV_SCRIPT).map_err(|e| e.to_string())?;
    Ok(folder)
}

#[test]
fn ajv_in_strict_mode_compiles_every_committed_schema() {
    if !installed("node") || !installed("npm") {
        crate::common::skipped("node or npm is not installed: ajv's strict check of the schemas");
        return;
    }
    let folder = match ajv_folder() {
        Ok(folder) => folder,
        Err(why) => {
            crate::common::skipped(&format!("ajv's strict check of the schemas: {why}"));
            return;
        }
    };
    let files = committed_schemas();
    let output = Command::new("node")
        .arg(folder.join("strict.js"))
        .args(&files)
        .current_dir(&folder)
        .output()
        .expect("node runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "ajv (strict) refuses schemas:\n{stdout}{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(
        stdout.contains(&format!("ajv compiled {0} of {0} schemas", files.len())),
        "{stdout}"
    );
}
