import Testing
@testable import A11yCore
import A11yImport
@testable import A11yModel
@testable import A11yOptions
import A11yReports
@testable import A11yRules

/// The per-audit parameters both front ends read: the CLI by flag, the service by query name.
@Suite struct AuditParametersTests {
    private func read(_ flag: String, _ value: String?, as name: String? = nil) -> Result<FrontEndSettings, AuditParameterError> {
        var settings = FrontEndSettings()
        do throws(AuditParameterError) {
            try AuditParameter.flag(flag)!.read(value, as: name ?? flag, into: &settings)
            return .success(settings)
        } catch {
            return .failure(error)
        }
    }

    private func message(_ flag: String, _ value: String?, as name: String? = nil) -> String? {
        if case .failure(let error) = read(flag, value, as: name) { return error.message }
        return nil
    }

    @Test func everyFlagAndQueryNameIsDeclaredOnce() {
        let flags = AuditParameter.all.map(\.flag)
        #expect(Set(flags).count == flags.count)
        let queries = AuditParameter.all.compactMap(\.query)
        #expect(Set(queries).count == queries.count)
        // What the service takes in its query (openapi.md: format, density, pretty, preset).
        #expect(Set(queries) == ["format", "density", "pretty", "preset"])
        #expect(AuditParameter.query("format")?.flag == "--input-format")
        #expect(AuditParameter.query("density")?.flag == "--density")
    }

    @Test func messagesNameTheParameterAsTheFrontEndSpellsIt() {
        #expect(message("--input-format", "yaml") == "--input-format takes auto, json, android, ios, ios-json or figma")
        #expect(message("--input-format", "yaml", as: "format") == "format takes auto, json, android, ios, ios-json or figma")
        for bad in ["0", "101", "x", "1e400", "", "4.9e-324", "0x10", "0.09", "inf", "nan", "+3", "3.", ".3"] {
            #expect(message("--density", bad, as: "density") == "density takes a decimal number from 0.1 to 100 (Android pixels per dp, e.g. 2.625)", "\(bad)")
        }
        // A bare `?format` or `?density` is an empty value, refused.
        #expect(message("--input-format", nil, as: "format") != nil)
        #expect(message("--density", nil, as: "density") != nil)
    }

    @Test func valuesAreReadIntoTheSettings() throws {
        #expect(try read("--density", "2.625").get().audit.density == 2.625)
        #expect(try read("--input-format", "ios").get().audit.inputFormat == .ios)
        #expect(try read("--format", "sarif").get().format == .report(.sarif))
        #expect(try read("--fail-on", "none").get().failOn == FailThreshold.none)
        let size = try read("--target-size", "48x40").get().audit.options.thresholds
        #expect(size.targetWidth == 48 && size.targetHeight == 40)
        let square = try read("--target-size", "44").get().audit.options.thresholds
        #expect(square.targetWidth == 44 && square.targetHeight == 44)
        for typo in ["100x", "x100", "0", "-1", "inf", "1x2x3", "4.4e1", "0x10", "44x4e1", "0x2Cx44"] {
            #expect(message("--target-size", typo) == "--target-size takes N or WxH, e.g. 44 or 48x48", "\(typo)")
        }
        #expect(try read("--contrast-large-text", "21").get().audit.options.thresholds.contrastLargeText == 21)
        #expect(message("--contrast-text", "0.5") == "--contrast-text takes a ratio from 1 to 21")
        #expect(message("--contrast-text", "4.5e0") == "--contrast-text takes a ratio from 1 to 21")
        #expect(message("--contrast-text", "0x4") == "--contrast-text takes a ratio from 1 to 21")
        let enabled = try read("--enable", "a,b").get().audit.options.enable
        #expect(enabled.map(\.value) == ["a", "b"])
        #expect(enabled.map(\.pointer) == ["--enable a", "--enable b"])
    }

    /// Each format's name reads back as that format, and the usage and the refusal list every
    /// name (a format added without its word here fails).
    @Test func everyFormatIsReadByItsName() throws {
        for format in InputFormat.allCases {
            #expect(try read("--input-format", format.name).get().audit.inputFormat == format)
            #expect(message("--input-format", "yaml")?.contains(format.name) == true)
        }
        let listed = AuditParameter.flag("--input-format")?.valueName?.split(separator: "|").map(String.init) ?? []
        #expect(Set(listed) == Set(InputFormat.allCases.map(\.name)) && listed.count == InputFormat.allCases.count)
        for format in OutputFormat.all {
            #expect(try read("--format", format.name).get().format == format)
            #expect(message("--format", "yaml")?.contains(format.name) == true)
        }
        #expect(Set(OutputFormat.all.map(\.name)).count == OutputFormat.all.count)
        #expect(message("--format", "yaml") == "--format takes json, text, sarif, junit, html, markdown or github")
    }

    @Test func prettyIsASwitchAndTheQueryValuesItAlwaysTook() throws {
        #expect(try read("--pretty", nil).get().pretty)
        #expect(try read("--pretty", "1", as: "pretty").get().pretty)
        #expect(try read("--pretty", "true", as: "pretty").get().pretty)
        #expect(try !read("--pretty", "0", as: "pretty").get().pretty)
        #expect(try !read("--pretty", "", as: "pretty").get().pretty)
    }

    @Test func suppressionsAreKeyValuePairsWhoseValuesMayHoldCommas() throws {
        let s = try #require(try read("--suppress", "rule=target-size,reason=late, not urgent").get().audit.options.suppressions.first)
        #expect(s.rule == "target-size" && s.reason == "late, not urgent")
        #expect(s.pointer == "--suppress rule=target-size,reason=late, not urgent")
        #expect(message("--suppress", "rule=a,raeson=b") == "--suppress: unknown key raeson (use rule, id, identifier, node, reason)")
        #expect(message("--suppress", "reason=x") == "--suppress needs at least one of rule, id, identifier, node")
        #expect(message("--suppress", "rule") == "--suppress takes key=value pairs, e.g. rule=target-size,id=close")
    }

    @Test func overridesWinOverTheTreesOptions() throws {
        var options = AuditOptions()
        options.level = .AAA
        options.enable = [Located("x", at: "/options/rules/enable/0")]
        options.thresholds.contrastText = 7
        options.thresholds.targetWidth = 30
        var settings = FrontEndSettings()
        for (flag, value) in [("--level", "A"), ("--enable", "y"), ("--target-size", "48"), ("--only", "z")] {
            try AuditParameter.flag(flag)!.read(value, as: flag, into: &settings)
        }
        settings.audit.options.apply(to: &options)
        #expect(options.level == .A)
        #expect(options.enable.map(\.value) == ["x", "y"])
        #expect(options.only?.map(\.value) == ["z"])
        #expect(options.thresholds.targetWidth == 48 && options.thresholds.targetHeight == 48)
        #expect(options.thresholds.contrastText == 7)
    }

    @Test func theRequestsOptionsAreRefusedInTheSameWords() {
        func decodeError(_ options: String) -> InputError? {
            let body = Array(#"{"options": \#(options), "root": {}}"#.utf8)
            do { _ = try body.withUnsafeBytes { try DocumentDecoder.decodeRequest($0) }; return nil } catch { return error as? InputError }
        }
        let ratio = decodeError(#"{"thresholds": {"contrastText": 22}}"#)
        #expect(ratio?.message == "contrastText takes a ratio from 1 to 21")
        #expect(ratio?.pointer == "/options/thresholds/contrastText")
        let suppression = decodeError(#"{"suppress": [{"reason": "x"}]}"#)
        #expect(suppression?.message == "a suppression needs at least one of rule, id, identifier, node")
        #expect(suppression?.kind == .missing)
    }
}
