// A 24-bit colour and its approximations for terminals with fewer colours.
// The 256-colour and 16-colour mappings pick the nearest palette entry by squared RGB distance.

/// A 24-bit sRGB colour.
public struct RGB: Sendable, Hashable, CustomStringConvertible {
    /// Red, 0–255.
    public var red: UInt8
    /// Green, 0–255.
    public var green: UInt8
    /// Blue, 0–255.
    public var blue: UInt8

    /// Creates a colour from its three components.
    public init(_ red: UInt8, _ green: UInt8, _ blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// `#rrggbb`.
    public var description: String {
        "#" + [red, green, blue].map { component in
            let hex = String(component, radix: 16)
            return hex.count == 1 ? "0" + hex : hex
        }.joined()
    }

    /// The colour `fraction` of the way from `self` to `other` (0 is `self`, 1 is `other`),
    /// each component rounded to the nearest integer.
    public func interpolated(to other: RGB, fraction: Double) -> RGB {
        let t = min(max(fraction, 0), 1)
        func mix(_ a: UInt8, _ b: UInt8) -> UInt8 {
            UInt8((Double(a) + (Double(b) - Double(a)) * t).rounded())
        }
        return RGB(mix(red, other.red), mix(green, other.green), mix(blue, other.blue))
    }

    // MARK: - Approximations

    /// The intensities of the xterm 6×6×6 colour cube (indices 16–231).
    public static let cubeLevels: [Int] = [0, 95, 135, 175, 215, 255]

    /// The nearest entry of the xterm 256-colour palette among the colour cube (16–231)
    /// and the grey ramp (232–255, grey 8 + 10·k).
    public var nearestANSI256: UInt8 {
        let components = [Int(red), Int(green), Int(blue)]
        let cube = components.map { component in
            RGB.cubeLevels.indices.min { abs(RGB.cubeLevels[$0] - component) < abs(RGB.cubeLevels[$1] - component) } ?? 0
        }
        let cubeColor = cube.map { RGB.cubeLevels[$0] }
        let average = components.reduce(0, +) / 3
        let greyStep = min(max((average - 8 + 5) / 10, 0), 23)
        let grey = 8 + 10 * greyStep
        let cubeDistance = RGB.squaredDistance(components, cubeColor)
        let greyDistance = RGB.squaredDistance(components, [grey, grey, grey])
        if greyDistance < cubeDistance {
            return UInt8(232 + greyStep)
        }
        return UInt8(16 + 36 * cube[0] + 6 * cube[1] + cube[2])
    }

    /// The nearest of the 16 basic colours, using xterm's default values for them.
    public var nearestBasic: BasicColor {
        let components = [Int(red), Int(green), Int(blue)]
        return BasicColor.allCases.min {
            RGB.squaredDistance(components, $0.referenceRGB.components)
                < RGB.squaredDistance(components, $1.referenceRGB.components)
        } ?? .white
    }

    /// The components as integers, for arithmetic.
    var components: [Int] { [Int(red), Int(green), Int(blue)] }

    private static func squaredDistance(_ a: [Int], _ b: [Int]) -> Int {
        zip(a, b).reduce(0) { sum, pair in sum + (pair.0 - pair.1) * (pair.0 - pair.1) }
    }
}
