// Mantine's stylesheets of the components the console frame uses, one per component (the full
// sheet is 36 KB gzip); loaded with the lazily imported AppLayout chunk, never on /login.
//
// Base sheets that other components build on (UnstyledButton under Button, Paper under Menu...)
// come as `.layer.css` (inside `@layer mantine`): unlayered rules always win over layered ones,
// so a reset loaded by this later chunk cannot undo a Button.css that another chunk loaded first.
import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/VisuallyHidden.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/ScrollArea.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Burger.css';
import '@mantine/core/styles/Menu.css';
import '@mantine/core/styles/Tooltip.css';
import '@mantine/core/styles/Avatar.css';
import '@mantine/core/styles/Divider.css';
