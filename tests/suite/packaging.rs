//! Packaging as a user of each ecosystem expects it: a crate that depends on dealvm by path (or
//! git) gets the same double-dummy solver as dealvm's own builds, the vendored DDS with its
//! changes (vendor/dds-bridge-sys/PATCHES.md), not the one on crates.io.

use std::path::Path;
use std::process::Command;

#[test]
fn a_crate_depending_on_dealvm_by_path_gets_the_vendored_solver() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let manifest = root.join("tests/downstream/Cargo.toml");
    // Offline: the crates dealvm needs on this machine are in cargo's cache once dealvm is
    // built (those of other platforms, such as the server's WASI support, are not fetched).
    let rustc = Command::new("rustc").arg("-vV").output().expect("rustc runs");
    let host =
        String::from_utf8_lossy(&rustc.stdout).lines().find_map(|l| l.strip_prefix("host: ").map(str::to_string)).expect("rustc names its host");
    let out = Command::new(cargo)
        .args(["metadata", "--format-version", "1", "--offline", "--filter-platform", &host, "--manifest-path"])
        .arg(&manifest)
        .output()
        .expect("cargo runs");
    assert!(out.status.success(), "cargo metadata: {}", String::from_utf8_lossy(&out.stderr));
    let metadata: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let dds: Vec<&serde_json::Value> = metadata["packages"].as_array().expect("packages").iter().filter(|p| p["name"] == "dds-bridge-sys").collect();
    assert_eq!(dds.len(), 1, "one dds-bridge-sys");
    let path = dds[0]["manifest_path"].as_str().expect("a manifest path");
    let vendored = root.join("vendor/dds-bridge-sys/Cargo.toml");
    assert_eq!(Path::new(path), vendored, "the downstream crate gets {path}, not the vendored DDS");
    assert!(dds[0]["source"].is_null(), "a path dependency, not a registry's: {}", dds[0]["source"]);
}

/// The shared libraries the program `path` needs, as the dynamic loader lists them (`ldd`).
fn libraries_needed(path: &str) -> String {
    let out = Command::new("ldd").arg(path).output().expect("ldd runs");
    assert!(out.status.success(), "ldd {path}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn the_program_starts_without_the_cpp_library_or_the_unwinder_of_the_system() {
    // Each shared library loaded is a part of every start (vendor/dds-bridge-sys/PATCHES.md):
    // the C++ library and its unwinder are linked into the program.
    let needed = libraries_needed(env!("CARGO_BIN_EXE_dealvm"));
    for library in ["libstdc++", "libgcc_s"] {
        assert!(!needed.contains(library), "dealvm loads {library}:\n{needed}");
    }
    assert!(needed.contains("libc.so"), "{needed}");
    // This test program is linked the same way, the unwinder in it: a panic still unwinds,
    // and is caught.
    let own = libraries_needed(&std::env::current_exe().expect("the test program").to_string_lossy());
    assert!(!own.contains("libgcc_s"), "{own}");
    let caught = std::panic::catch_unwind(|| {
        let deep: Vec<u8> = (0..3).collect();
        panic!("unwound through {} frames' worth", deep.len());
    });
    assert!(caught.is_err(), "the panic was caught");
}
