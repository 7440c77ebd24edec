// Repair of widget outputs left with the error "...: model not (found)" by the race of ipywidgets 8.1's
// widget manager (jupyter-widgets/ipywidgets issue 4026): a page's outputs are drawn while the manager still loads
// the widgets' models from the kernel; get_model waits up to 2 s for a model, and when the browser is busy (the
// manager creating a thousand models) its timer fires late, after the manager has finished loading: it then gives
// up without a last look, and the renderer, seeing the manager "restored", shows the error for good although the
// model is there.  This script notes, before the page starts, which output holds which widget; once the manager
// has restored, an output showing that error whose model the manager has is drawn again (a fresh view).
(() => {
  "use strict";
  // the renderer's text for a missing model (built in two parts, so that this page's source never contains it)
  const FAILED = "Error displaying " + "widget: model not " + "found";
  const WIDGET = "application/vnd.jupyter.widget-view+json";
  const WATCH_MS = 180000;  // how long after the manager's restore an output is still repaired
  const GIVE_UP_MS = 600000;  // a page whose manager never restores (its kernel gone) is not watched longer
  const outputs = [];  // {host, id}: the element an output is drawn into, and its widget's model id
  const repaired = window.__jasslibRepairedWidgets = [];

  document.addEventListener("DOMContentLoaded", () => {
    for (const script of document.querySelectorAll('script[type="application/vnd.voila.cell-output+json"]')) {
      try {
        const data = JSON.parse(script.textContent).data || {};
        if (data[WIDGET] && data[WIDGET].model_id && script.parentElement) {
          outputs.push({host: script.parentElement, id: data[WIDGET].model_id});
        }
      } catch (e) { /* an output that is not JSON is none of ours */ }
    }
  });

  const redraw = async (manager, node, id) => {
    const view = await manager.create_view(await manager.get_model(id));
    const widget = view.luminoWidget || view.pWidget;
    node.textContent = "";
    node.classList.remove("jupyter-widgets");
    widget.constructor.attach(widget, node);  // Lumino's Widget.attach (a static every widget class inherits)
    repaired.push(id);
  };

  let restoredAt = null;
  let loadedAt = Date.now();
  const busy = new Set();
  const look = () => {
    const manager = window.jupyterapp && window.jupyterapp.widgetManager;
    if (manager && manager.restoredStatus) {
      restoredAt = restoredAt || Date.now();
      for (const {host, id} of outputs) {
        const node = [...host.children].find((el) => el.textContent === FAILED);
        if (node && !busy.has(id) && manager.has_model(id)) {
          busy.add(id);
          redraw(manager, node, id).catch((e) => console.error("jasslib: a widget could not be drawn again", e))
            .finally(() => busy.delete(id));
        }
      }
    }
    const now = Date.now();
    if (now - loadedAt < GIVE_UP_MS && (restoredAt === null || now - restoredAt < WATCH_MS)) setTimeout(look, 250);
  };
  window.addEventListener("load", () => { loadedAt = Date.now(); setTimeout(look, 250); });
})();
