import Foundation
import RokadaKit
import SwiftUI

/// The interface strings of one language, from the generated
/// `<lang>.lproj/Localizable.strings` in the app bundle.
struct AppStrings: Localizer, @unchecked Sendable {
    let language: Language
    private let bundle: Bundle

    init(language: Language) {
        self.language = language
        bundle = Bundle.main.path(forResource: language.code, ofType: "lproj").flatMap(Bundle.init(path:)) ?? .main
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

    subscript(_ phrase: Phrase) -> String {
        text(phrase)
    }
}

extension EnvironmentValues {
    @Entry var strings = AppStrings(language: .english)
}
