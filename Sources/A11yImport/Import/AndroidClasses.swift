import A11yModel
/// Which of our node kinds an Android accessibility class name reads as. The class is what
/// `AccessibilityNodeInfo.getClassName()` reports (`View.getAccessibilityClassName()`), so
/// subclasses usually report their framework parent (an AppCompat or Material button reports
/// `android.widget.Button`); the AndroidX and Material names that do appear in dumps are listed
/// too. Anything else (layouts, `android.view.View`, Compose and React Native content) is a
/// plain view, whose role then comes from its flags (clickable, checkable, editable).
///
/// | class | kind |
/// |---|---|
/// | `android.widget.TextView`, `android.widget.CheckedTextView` (not checkable) | text |
/// | `android.widget.Button`, `ImageButton`, `android.widget.Spinner`, Material `FloatingActionButton`, `MaterialButton` | button |
/// | `android.widget.ImageView` | image |
/// | `android.widget.EditText`, `AutoCompleteTextView`, `MultiAutoCompleteTextView`, Material `TextInputEditText` | textField (secureTextField with `password="true"`) |
/// | `android.widget.CheckBox`, `Switch`, `ToggleButton`, `RadioButton`, `CompoundButton`, AndroidX `SwitchCompat`, Material `SwitchMaterial`, `MaterialCheckBox`, `MaterialRadioButton`, `Chip` | toggle |
/// | `android.widget.SeekBar`, `RatingBar` | slider |
/// | `android.widget.ProgressBar` | progressBar |
/// | `android.widget.ListView`, `GridView`, `ExpandableListView`, AndroidX `RecyclerView` | list |
/// | `android.app.ActionBar$Tab`, `android.app.ActionBar.Tab`, Material `TabLayout$TabView` | tab |
/// | `android.webkit.WebView` and anything else | view |
///
/// A node with `checkable="true"` whose class maps to text or view is a toggle too (TalkBack
/// speaks its state); one that is `clickable` and maps to view or text stays that kind and
/// gets the button trait.
enum AndroidClasses {
    static func kind(of className: String, password: Bool) -> NodeKind {
        switch className {
        case "android.widget.TextView", "android.widget.CheckedTextView":
            return .text
        case "android.widget.Button", "android.widget.ImageButton", "android.widget.Spinner",
             "com.google.android.material.floatingactionbutton.FloatingActionButton",
             "com.google.android.material.floatingactionbutton.ExtendedFloatingActionButton",
             "com.google.android.material.button.MaterialButton":
            return .button
        case "android.widget.ImageView":
            return .image
        case "android.widget.EditText", "android.widget.AutoCompleteTextView", "android.widget.MultiAutoCompleteTextView",
             "com.google.android.material.textfield.TextInputEditText":
            return password ? .secureTextField : .textField
        case "android.widget.CheckBox", "android.widget.Switch", "android.widget.ToggleButton", "android.widget.RadioButton",
             "android.widget.CompoundButton", "androidx.appcompat.widget.SwitchCompat",
             "com.google.android.material.switchmaterial.SwitchMaterial",
             "com.google.android.material.materialswitch.MaterialSwitch",
             "com.google.android.material.checkbox.MaterialCheckBox",
             "com.google.android.material.radiobutton.MaterialRadioButton",
             "com.google.android.material.chip.Chip":
            return .toggle
        case "android.widget.SeekBar", "android.widget.RatingBar":
            return .slider
        case "android.widget.ProgressBar":
            return .progressBar
        case "android.widget.ListView", "android.widget.GridView", "android.widget.ExpandableListView",
             "androidx.recyclerview.widget.RecyclerView":
            return .list
        case "android.app.ActionBar$Tab", "android.app.ActionBar.Tab",
             "com.google.android.material.tabs.TabLayout$TabView", "com.google.android.material.tabs.TabLayout.TabView":
            return .tab
        default:
            return .view
        }
    }

    /// Containers whose speaking children TalkBack focuses on their own even when they are not
    /// focusable (ATF `ViewHierarchyElementUtils`: AdapterView, ScrollView, HorizontalScrollView
    /// and scrolling views; Spinner excluded). A node marked `scrollable` counts too.
    static func isScrollingContainer(_ className: String) -> Bool {
        switch className {
        case "android.widget.ListView", "android.widget.GridView", "android.widget.ExpandableListView",
             "android.widget.AdapterView", "android.widget.AbsListView", "android.widget.Gallery",
             "android.widget.ScrollView", "android.widget.HorizontalScrollView",
             "androidx.core.widget.NestedScrollView", "androidx.recyclerview.widget.RecyclerView":
            return true
        default:
            return false
        }
    }

    static let editTextClass = "android.widget.EditText"
}
