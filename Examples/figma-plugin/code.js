// The plugin's main thread: it alone can read the document. It exports the selected frame
// for the UI (ui.html), which sends it to the a11y-audit service, and selects the layer a
// finding is about when the UI asks. Messages UI -> here: save-settings, export, select;
// here -> UI: settings, exported, error.
figma.showUI(__html__, { width: 440, height: 660, themeColors: true });

// The service address and token stay on this machine (clientStorage), not in the file.
(async () => {
  const url = (await figma.clientStorage.getAsync('serviceURL')) || 'http://localhost:8080';
  const token = (await figma.clientStorage.getAsync('token')) || '';
  figma.ui.postMessage({ type: 'settings', url, token });
})();

// Layers that are a screen: what a designer selects to audit.
const SCREEN_TYPES = ['FRAME', 'COMPONENT', 'INSTANCE', 'SECTION', 'GROUP'];

async function exportSelection() {
  const node = figma.currentPage.selection[0];
  if (!node || !SCREEN_TYPES.includes(node.type)) {
    figma.ui.postMessage({ type: 'error', message: 'Select one frame to audit.' });
    return;
  }
  try {
    // JSON_REST_V1 is the REST API's node JSON ({document, components, styles, ...}), which
    // the service reads as a Figma response; the PNG shows where each finding is.
    const [json, png] = await Promise.all([
      node.exportAsync({ format: 'JSON_REST_V1' }),
      node.exportAsync({ format: 'PNG', constraint: { type: 'SCALE', value: 1 } }),
    ]);
    figma.ui.postMessage({ type: 'exported', id: node.id, name: node.name, json, png });
  } catch (error) {
    figma.ui.postMessage({ type: 'error', message: `Could not export ${node.name}: ${error}` });
  }
}

async function selectLayer(id) {
  const node = await figma.getNodeByIdAsync(id);
  if (!node || node.type === 'DOCUMENT' || node.type === 'PAGE') {
    figma.ui.postMessage({ type: 'error', message: `Layer ${id} is no longer in the file.` });
    return;
  }
  figma.currentPage.selection = [node];
  figma.viewport.scrollAndZoomIntoView([node]);
}

figma.ui.onmessage = async (message) => {
  switch (message.type) {
    case 'save-settings':
      await figma.clientStorage.setAsync('serviceURL', message.url);
      await figma.clientStorage.setAsync('token', message.token);
      break;
    case 'export':
      await exportSelection();
      break;
    case 'select':
      await selectLayer(message.id);
      break;
  }
};
