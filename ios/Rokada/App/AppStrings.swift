import Foundation
import RokadaKit
import SwiftUI

/// The interface strings of the chosen language, from the generated
/// `<lang>.lproj` resources in the app bundle.
struct AppStrings: Localizer, @unchecked Sendable {
    let language: AppLanguage
    private let bundle: Bundle

    init(language: AppLanguage) {
        self.language = language
        bundle = Bundle.main.path(forResource: language.rawValue, ofType: "lproj").flatMap(Bundle.init(path:)) ?? .main
    }

    func format(forKey key: String) -> String? {
        // A value no string contains tells a missing key from an empty one.
        let missing = "\u{1}"
        let value = bundle.localizedString(forKey: key, value: missing, table: nil)
        return value == missing ? nil : value
    }

    subscript(_ key: String) -> String {
        text(key)
    }

    /// A plural string (`.stringsdict`), chosen by `count` with the
    /// language's plural rules.
    func plural(_ key: String, count: Int) -> String {
        let format = bundle.localizedString(forKey: key, value: nil, table: nil)
        return String(format: format, locale: Locale(identifier: language.rawValue), arguments: [count])
    }
}

extension EnvironmentValues {
    @Entry var strings = AppStrings(language: .english)
}
