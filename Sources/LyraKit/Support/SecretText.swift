// Keeps secrets out of what Lyra prints: a token is masked wherever it appears (as is or
// percent-encoded), a URL's password is masked, and child programs get no secret variables.
import Foundation

/// Masking of secrets in text, URLs and environments.
public enum SecretText {
    /// What a secret is replaced with.
    public static let mask = "••••"

    /// Secrets shorter than this are not searched for: masking every `ab` in a message would
    /// mangle it and protects nothing (such a token is guessable anyway).
    public static let shortestRedactedSecret = 4

    /// `text` with every occurrence of `secret` (as is, percent-encoded, or form-encoded) replaced
    /// by ``mask``; unchanged when `secret` is nil or shorter than ``shortestRedactedSecret``.
    public static func redacting(_ secret: String?, in text: String) -> String {
        guard let secret, secret.count >= shortestRedactedSecret else { return text }
        var forms = [secret]
        for allowed in [CharacterSet.alphanumerics, .urlQueryAllowed, .urlUserAllowed] {
            if let encoded = secret.addingPercentEncoding(withAllowedCharacters: allowed) { forms.append(encoded) }
        }
        if let encoded = forms.last { forms.append(encoded.replacingOccurrences(of: "%20", with: "+")) }
        var result = text
        for form in Set(forms).sorted(by: { $0.count > $1.count }) {
            result = result.replacingOccurrences(of: form, with: mask)
            result = result.replacingOccurrences(of: form.lowercased(), with: mask)
        }
        return result
    }

    /// `url` as text with the password of its userinfo masked: `https://user:••••@host/`.
    public static func displayURL(_ url: URL) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false),
              components.password != nil else { return url.absoluteString }
        let user = components.percentEncodedUser ?? ""
        components.user = nil
        components.password = nil
        guard let bare = components.string, let separator = bare.range(of: "://") else { return url.absoluteString }
        return String(bare[..<separator.upperBound]) + user + ":" + mask + "@" + String(bare[separator.upperBound...])
    }

    /// `environment` without the variables that may hold secrets (`LYRA_*`, and any name with
    /// `TOKEN`, `KEY`, `SECRET`, `PASSWORD` or `CREDENTIAL`), for programs Lyra starts.
    public static func environmentWithoutSecrets(_ environment: [String: String]) -> [String: String] {
        environment.filter { name, _ in
            let upper = name.uppercased()
            if upper.hasPrefix("LYRA_") { return false }
            return !["TOKEN", "KEY", "SECRET", "PASSWORD", "CREDENTIAL"].contains { upper.contains($0) }
        }
    }
}
