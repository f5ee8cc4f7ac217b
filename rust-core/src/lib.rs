pub mod engine;
pub mod rules;
