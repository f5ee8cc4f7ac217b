pub mod rules;
pub mod rules_page;
