/** The id of the <script type="application/json"> that carries a server-rendered page's state to the browser. */
export const PAGE_STATE_ID = 'page-state';
