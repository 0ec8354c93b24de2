// Mantine's stylesheets of the bulk campaign pages, per component (base sheets as .layer.css, see
// app/shell-styles.ts), on top of the data table's.
import '../../../components/data-table/data-table-styles.ts';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Tabs.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import '@mantine/core/styles/Fieldset.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/Divider.css';
import '@mantine/core/styles/ThemeIcon.css';
