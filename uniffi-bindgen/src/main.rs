//! UniFFI's binding generator, built at the same version as the core's
//! scaffolding so that the two always match.

fn main() {
    uniffi::uniffi_bindgen_main()
}
