use std::path::PathBuf;

fn main() -> anyhow::Result<()> {
    // dealvm patch (PATCHES.md): the bindings are kept in `src/bindings.rs`, so that a build
    // needs neither bindgen nor libclang; the feature `regenerate-bindings` makes them again.
    #[cfg(feature = "regenerate-bindings")]
    regenerate_bindings()?;

    // Upstream's vendor/library/src/dds_api.cpp exports a `dds_*` "Version 3" C
    // API (dds_solve_board, dds_calc_dd_table, dds_calc_par, ...) that collides
    // at link time with this crate's own src/dds_context.cpp shim. We expose our
    // shim — a superset that also carries the batched WorkerPool entry points
    // (dds_solve_boards_batched, dds_calc_dd_tables_batched) upstream lacks — so
    // skip upstream's file. Nothing inside vendor/ calls these entry points.
    // ponytail: drop this filter if we ever adopt upstream's api/dds_api.hpp wholesale.
    //
    // dealvm patch (PATCHES.md): the files of the search are compiled together, as one
    // translation unit (`src/search_unit.cpp` includes them), and not on their own.
    let search_unit = std::fs::read_to_string("src/search_unit.cpp")?;
    let in_search_unit = |path: &PathBuf| {
        let name = path.strip_prefix("vendor/library/src").unwrap_or(path).to_string_lossy().replace('\\', "/");
        search_unit.lines().any(|line| line == format!("#include \"{name}\""))
    };
    let mut sources: Vec<PathBuf> = glob::glob("vendor/library/src/**/*.cpp")?
        .flatten()
        .filter(|path| !path.ends_with("dds_api.cpp") && !in_search_unit(path))
        .collect();
    sources.push(PathBuf::from("src/search_unit.cpp"));
    sources.push(PathBuf::from("src/dds_context.cpp"));

    // dealvm patch (PATCHES.md): the library is built again when its sources change (a build
    // script that names any file is otherwise run again only when it changes itself).
    println!("cargo:rerun-if-changed=vendor/library/src");
    println!("cargo:rerun-if-changed=src");
    println!("cargo:rerun-if-changed=build.rs");

    let dump = std::env::var_os("CARGO_FEATURE_DEBUG_DUMP").is_some();

    let mut build = cc::Build::new();
    build
        .cpp(true)
        .files(&sources)
        .include("vendor/library/src")
        .include("src")
        .std("c++20")
        .flag("-include")
        .flag("sstream")
        .flag("-include")
        .flag("iomanip")
        .define("DDS_THREADS_STL", None)
        .cargo_warnings(false);
    if !dump {
        build.define("DDS_NO_DUMP_ON_ERROR", None);
    }
    // dealvm patch (PATCHES.md): DDS's own checks of the search's state (`assert`) are left out
    // of release builds, as a C++ release build leaves them out; builds for work and tests
    // keep them.
    if std::env::var("PROFILE").as_deref() == Ok("release") {
        build.define("NDEBUG", None);
    }
    // dealvm patch (PATCHES.md): on GNU/Linux the C++ library is linked into the program, so
    // that starting it does not load and relocate libstdc++.so.
    let target = |key: &str| std::env::var(key).unwrap_or_default();
    if target("CARGO_CFG_TARGET_OS") == "linux" && target("CARGO_CFG_TARGET_ENV") == "gnu" {
        build.cpp_link_stdlib_static(true);
    }
    // dealvm patch (PATCHES.md): calls between DDS's own functions bound at compile time, so
    // that they can be inlined (without it, every exported function of a position-independent
    // library may be replaced at load time, and is called through the PLT).
    build.flag_if_supported("-fno-semantic-interposition");
    build.try_compile("dds")?;
    // dealvm patch (PATCHES.md): the unwinder the C++ library calls is linked into the program
    // too, after it (`libgcc_eh.a`, as `g++ -static-libgcc` does), so that the program no
    // longer loads `libgcc_s.so`: every unwinding symbol is then defined before the linker
    // reaches `-lgcc_s`, which `--as-needed` drops.
    if target("CARGO_CFG_TARGET_OS") == "linux" && target("CARGO_CFG_TARGET_ENV") == "gnu" {
        println!("cargo:rustc-link-lib=static:-bundle=gcc_eh");
    }
    Ok(())
}

/// dealvm patch (PATCHES.md): `src/bindings.rs` made from the headers, as the published crate
/// made them at each build.
#[cfg(feature = "regenerate-bindings")]
fn regenerate_bindings() -> anyhow::Result<()> {
    bindgen::Builder::default()
        .header("src/wrapper.h")
        .use_core()
        .allowlist_file("(vendor/.*|.*[/\\\\]dds_context\\.h)")
        .clang_arg("-xc++")
        .clang_arg("-Ivendor/library/src")
        .clang_arg("-Isrc")
        .prepend_enum_name(false)
        .derive_default(true)
        .derive_eq(true)
        .derive_hash(true)
        .generate()?
        .write_to_file("src/bindings.rs")?;
    Ok(())
}
