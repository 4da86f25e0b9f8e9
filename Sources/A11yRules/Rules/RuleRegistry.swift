/// Every rule the service knows, in catalogue order. Adding a rule: one file plus one line here
/// (and its id in a new version of `RulePresets` when it should run by default).
public enum RuleRegistry {
    public static let all: [Rule] = RulePresets.markingDefaults([
        // Perceivable
        .textContrast, .enhancedContrast, .nonTextContrast, .textScaling,
        .imageName, .canvasAlternative, .ratingDisplayAnnouncement, .codeBlockAnnouncement,
        // Operable
        .targetSize, .targetSizeEnhanced, .keyboardFocusable, .autoAdvance, .linkPurpose, .labelInName,
        // Understandable / robust
        .controlName, .textFieldName, .conflictingRoleTraits, .missingRoleTrait, .adjustableValue, .combinedButtonTrait,
        .carouselAnnouncement, .accordionState, .ratingInputAnnouncement, .progressAnnouncement,
        .spinnerAnnouncement, .tabSetSelection, .editableContentDescription,
        // Structure (engine diagnostics)
        .deferralSeveralReceivers, .deferralAmbiguousSource, .deferralErrorUnreceived, .labeledPairIncomplete,
        // Best practices
        .labelRoleWords, .labelTrailingPeriod, .labelCodeLike, .labelEqualsHint, .duplicateLabel, .duplicateFrame,
        .duplicateIdentifier, .nestedIdentifierContainer, .deferralMissingSource, .className, .headingName,
    ])

    public static func rule(id: String) -> Rule? { byID[id] }

    private static let byID: [String: Rule] = Dictionary(uniqueKeysWithValues: all.map { ($0.id, $0) })
}
