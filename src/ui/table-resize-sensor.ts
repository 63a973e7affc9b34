import * as Classes from "@blueprintjs/table/lib/esm/common/classes";
import { ResizeSensor } from "@blueprintjs/table/lib/esm/interactions/resizeSensor";

/**
 * Blueprint's Table writes its resize sensor's four inner elements as markup with `style="…"` attributes, which the
 * console's Content-Security-Policy blocks (four reports on every list with a data grid, and a sensor without its
 * layout). The same elements by their classes alone, laid out in list-grid.css; the sensor's own element is styled
 * through the CSSOM, which the policy allows. The module is the one the Table imports (the package's `module` build).
 */
export const resizeSensorMarkup = `<div class="${Classes.TABLE_RESIZE_SENSOR_EXPAND}"><div></div></div><div class="${Classes.TABLE_RESIZE_SENSOR_SHRINK}"><div></div></div>`;

(ResizeSensor as unknown as { RESIZE_SENSOR_HTML: string }).RESIZE_SENSOR_HTML = resizeSensorMarkup;
