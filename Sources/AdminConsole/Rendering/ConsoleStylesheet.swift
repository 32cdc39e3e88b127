package import Hummingbird
import IdentityServerCore

/// The console's one stylesheet, served from the binary at `/console/assets/console.css` (the
/// CSP allows styles from the console's origin only, so no page carries inline style).
package enum ConsoleStylesheet {
    /// The stylesheet as a response, cacheable for an hour.
    package static let response = Response(
        status: .ok, headers: [.contentType: "text/css; charset=utf-8", .cacheControl: "public, max-age=3600"],
        body: ResponseBody(byteBuffer: ByteBuffer(string: css)))

    package static let css = """
        :root { --ink: #1b1f24; --muted: #5b6470; --line: #d6dbe1; --accent: #1f5fbf; --danger: #b42318; --ok: #18794e;
          --bg: #f6f7f9; --card: #fff; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); }
        * { box-sizing: border-box; }
        body { margin: 0; background: var(--bg); line-height: 1.45; }
        a { color: var(--accent); }
        a:focus-visible, button:focus-visible, input:focus-visible, select:focus-visible, summary:focus-visible {
          outline: 3px solid #f5b400; outline-offset: 2px; }
        .skip { position: absolute; left: -999px; top: 0; background: #fff; padding: .5rem; }
        .skip:focus { left: .5rem; z-index: 10; }
        header { display: flex; flex-wrap: wrap; align-items: center; gap: .5rem 1.5rem; padding: .75rem 1.25rem;
          background: #14213d; color: #fff; }
        header a { color: #fff; text-decoration: none; }
        header a:hover { text-decoration: underline; }
        .brand { font-weight: 700; }
        header nav { display: flex; flex-wrap: wrap; gap: 1rem; flex: 1; }
        .menu { display: flex; flex-wrap: wrap; align-items: center; gap: .5rem 1.5rem; flex: 1; }
        .menu-toggle, .menu-button { display: none; }
        .sign-out { display: flex; align-items: center; gap: .5rem; margin: 0; }
        .sign-out span { color: #c9d3e6; font-size: .9rem; }
        .sign-out .role { margin-left: .25rem; padding: .05rem .45rem; border: 1px solid #c9d3e6; border-radius: 1rem; font-size: .8rem; }
        main { max-width: 72rem; margin: 0 auto; padding: 1.25rem; }
        h1 { font-size: 1.5rem; margin: .25rem 0 1rem; overflow-wrap: anywhere; }
        h2 { font-size: 1.15rem; margin: 1.5rem 0 .5rem; }
        .crumbs { font-size: .9rem; color: var(--muted); margin: 0; padding: 0; list-style: none; display: flex; flex-wrap: wrap; gap: .35rem; }
        .crumbs li + li::before { content: "›"; margin-right: .35rem; }
        section, .card { background: var(--card); border: 1px solid var(--line); border-radius: .5rem; padding: 1rem; margin: 1rem 0; }
        table { width: 100%; border-collapse: collapse; font-size: .95rem; }
        th, td { text-align: left; padding: .45rem .5rem; border-bottom: 1px solid var(--line); vertical-align: top; overflow-wrap: break-word; }
        th { font-weight: 600; color: var(--muted); }
        .table-wrap { overflow-x: auto; }
        form.stacked { display: grid; gap: .75rem; max-width: 40rem; }
        form.inline { display: flex; flex-wrap: wrap; gap: .5rem; align-items: end; margin: 0; }
        label { display: grid; gap: .25rem; font-weight: 600; font-size: .95rem; }
        label.check { display: flex; gap: .5rem; align-items: center; font-weight: 400; }
        p.link-line { overflow-wrap: anywhere; margin-top: 0; }
        fieldset { border: 1px solid var(--line); border-radius: .4rem; display: grid; gap: .35rem; }
        fieldset.events { grid-template-columns: repeat(auto-fit, minmax(14rem, 1fr)); }
        td.answer { overflow-wrap: anywhere; }
        legend { font-weight: 600; }
        input, select, textarea { font: inherit; font-weight: 400; padding: .45rem .55rem; border: 1px solid #9aa4b1;
          border-radius: .35rem; width: 100%; }
        input[type=checkbox], input[type=radio] { width: auto; }
        textarea { min-height: 4.5rem; }
        .hint { font-weight: 400; color: var(--muted); font-size: .85rem; }
        .field-error, .error { color: var(--danger); font-weight: 600; }
        [aria-invalid=true] { border-color: var(--danger); }
        .notice { background: #e8f1ff; border: 1px solid #b6cff5; padding: .75rem 1rem; border-radius: .4rem; overflow-wrap: anywhere; }
        code { overflow-wrap: anywhere; }
        .alert { background: #fdecea; border: 1px solid #f5c2bd; padding: .75rem 1rem; border-radius: .4rem; color: var(--danger); }
        .secret { font-family: ui-monospace, Menlo, monospace; background: #fff8e1; border: 1px dashed #c9a227; padding: .75rem;
          border-radius: .4rem; overflow-wrap: anywhere; user-select: all; }
        button, .button { font: inherit; padding: .45rem .9rem; border-radius: .35rem; border: 1px solid var(--accent);
          background: var(--accent); color: #fff; cursor: pointer; text-decoration: none; display: inline-block; }
        button.secondary, .button.secondary { background: #fff; color: var(--accent); }
        button.danger, .button.danger { background: var(--danger); border-color: var(--danger); }
        .actions { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; }
        .state { display: inline-block; padding: .05rem .45rem; border-radius: 1rem; font-size: .85rem; background: #eef0f3; }
        .state.active { background: #dcf5e7; color: var(--ok); }
        .state.suspended, .state.revoked, .state.deleted { background: #fdecea; color: var(--danger); }
        .stats { display: grid; grid-template-columns: repeat(auto-fit, minmax(12rem, 1fr)); gap: 1rem; }
        .stat { background: var(--card); border: 1px solid var(--line); border-radius: .5rem; padding: 1rem; }
        .stat strong { display: block; font-size: 1.75rem; }
        .chart { width: 100%; height: auto; max-height: 16rem; }
        .chart .succeeded { fill: var(--ok); }
        .chart .refused { fill: var(--danger); }
        .chart .axis { stroke: var(--line); }
        .chart text { font-size: 10px; fill: var(--muted); }
        .chart .grid { stroke: var(--line); stroke-dasharray: 2 3; }
        p.stat { margin: 0; }
        form.filters { display: grid; grid-template-columns: repeat(auto-fit, minmax(17rem, 1fr)); gap: .75rem; align-items: start; }
        form.filters .actions { grid-column: 1 / -1; }
        summary { cursor: pointer; margin: .5rem 0; }
        details.panel { background: var(--card); border: 1px solid var(--line); border-radius: .5rem; padding: .25rem 1rem; margin-bottom: 1rem; }
        details.panel summary { font-weight: 600; color: var(--accent); }
        .empty { color: var(--muted); }
        .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
        .state.expired { background: #f1f3f5; color: var(--muted); }
        td pre { margin: 0; }
        .legend { display: flex; gap: 1rem; font-size: .9rem; }
        .legend .succeeded::before, .legend .refused::before { content: ""; display: inline-block; width: .8rem; height: .8rem;
          margin-right: .3rem; vertical-align: -.1rem; border-radius: .15rem; }
        .legend .succeeded::before { background: var(--ok); }
        .legend .refused::before { background: var(--danger); }
        pre { white-space: pre-wrap; overflow-wrap: anywhere; background: #f1f3f5; padding: .75rem; border-radius: .4rem; }
        dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: .35rem 1rem; margin: 0; }
        dl.facts dt { color: var(--muted); }
        dl.facts dd { margin: 0; overflow-wrap: anywhere; }
        .pager { display: flex; gap: 1rem; margin-top: .75rem; }
        @media (max-width: 40rem) {
          main { padding: .75rem; }
          .menu-button { display: inline-block; margin-left: auto; border: 1px solid #c9d3e6; border-radius: .3rem;
            padding: .25rem .75rem; cursor: pointer; }
          .menu-toggle { display: block; position: absolute; opacity: 0; width: 1px; height: 1px; margin: 0; }
          .menu-toggle:focus-visible + .menu-button { outline: 3px solid #f5b400; outline-offset: 2px; }
          .menu { display: none; flex-basis: 100%; flex-direction: column; align-items: flex-start; }
          .menu-toggle:checked ~ .menu { display: flex; }
          dl.facts { grid-template-columns: 1fr; }
          dl.facts dd { margin-bottom: .5rem; }
          table.stack thead { display: none; }
          table.stack tr { display: block; border-bottom: 1px solid var(--line); padding: .35rem 0; }
          table.stack td { display: block; border: 0; padding: .15rem 0; }
          table.stack td::before { content: attr(data-label) ": "; color: var(--muted); font-weight: 600; }
        }
        """
}
