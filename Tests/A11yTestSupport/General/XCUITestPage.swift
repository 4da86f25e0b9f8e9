/// XCUITest page sources (WebDriverAgent's XML, as Appium's `getPageSource` returns it),
/// written as text so a test shows exactly the XML the importer reads.
public enum XCUITestPage {
    /// A page source whose application ("Demo", `width` x `height` pt, from the origin) holds
    /// `body` (element XML) on the fourth line. `accessible` marks the application
    /// `accessible="false"`, as WDA's dialect that writes `accessible` on every element does.
    public static func source(_ body: String, width: Int = 390, height: Int = 844, accessible: Bool = false) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <AppiumAUT>
          <XCUIElementTypeApplication type="XCUIElementTypeApplication" name="Demo" label="Demo" enabled="true" visible="true"\(accessible ? " accessible=\"false\"" : "") x="0" y="0" width="\(width)" height="\(height)">
        \(body)
          </XCUIElementTypeApplication>
        </AppiumAUT>
        """
    }
}
