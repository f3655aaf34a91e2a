extension ReportPage {
  /// The page's script: reads the embedded JSON, draws the preview and the charts, plays and
  /// scrubs, zooms and pans the time axis, and runs the self-check for `#test`. Plain ES5-style
  /// JavaScript, no library.
  static let script = #"""
    (function () {
    'use strict';
    var D = JSON.parse(document.getElementById('report-data').textContent);
    var F = D.frames;
    var N = F.t.length;
    var T0 = F.t[0];
    var T1 = F.t[N - 1] > T0 ? F.t[N - 1] : T0 + 1;
    var scene = D.scene;
    var $ = function (id) { return document.getElementById(id); };
    var state = { frame: 0, playing: false, speed: 1, playTime: T0, view: [T0, T1], last: 0 };
    var drawn = { frame: -1, offset: null, preset: null, values: {} };
    var PHASE_COLORS = { tracking: '#ffe08a', dragging: '#a5c8ff', decelerating: '#b2f2bb',
      bouncing: '#ffc9c9', animating: '#e5dbff' };
    var SERIES = ['#d9480f', '#2b8a3e', '#c2255c', '#1098ad', '#5c940d', '#e67700', '#364fc7',
      '#862e9c'];
    var START = '#1f9d3a';
    var END = '#e03131';

    // MARK: the outputs, by name or by their name inside a group ("apple-music/titlePinned").
    var index = {};
    D.outputs.forEach(function (o, i) { index[o.name] = i; });
    function find(name, prefix) {
      if (prefix !== undefined) {
        return index[prefix + name] !== undefined ? index[prefix + name] : -1;
      }
      if (index[name] !== undefined) { return index[name]; }
      for (var k = 0; k < D.outputs.length; k++) {
        var n = D.outputs[k].name;
        if (n.length > name.length && n.slice(-name.length - 1) === '/' + name) { return k; }
      }
      return -1;
    }
    function prefixOf(name) {
      var k = find(name);
      if (k < 0) { return null; }
      var n = D.outputs[k].name;
      return n.slice(0, n.length - name.length);
    }
    var PRESETS = [
      ['apple-music', ['header.overlayOpacity', 'header.imageOffsetY', 'header.imageHeight',
        'navBar.opacity']],
      ['apple-tv-bar', ['navBar.backgroundOpacity', 'navBar.tint', 'navBar.titleOpacity']],
      ['title-card', ['titleCard.inlineTitleOpacity', 'titleCard.titleMinY']],
      ['collapsible-header', ['header.height', 'header.contentOpacity', 'bar.contentOpacity']],
      ['logo-follow', ['logo.lift']],
      ['flutter-flexible-space-bar', ['bar.height', 'background.top', 'background.opacity']],
      ['flutter-sliver-app-bar', ['appBar.extent', 'appBar.toolbarOpacity']]
    ];
    var preset = null;
    var presetPrefix = '';
    PRESETS.forEach(function (p) {
      if (preset) { return; }
      var prefix = prefixOf(p[1][0]);
      if (prefix === null) { return; }
      if (p[1].every(function (n) { return find(n, prefix) >= 0; })) {
        preset = p[0];
        presetPrefix = prefix;
      }
    });
    // The value of output `name` of the preset drawn, at the current frame, remembered as drawn.
    function out(name, fallback) {
      var k = find(name, presetPrefix);
      if (k < 0) { return fallback; }
      var v = F.values[k][state.frame];
      drawn.values[D.outputs[k].name] = v;
      return v;
    }
    function clamp(x, lo, hi) { return Math.min(Math.max(x, lo), hi); }
    function fmt(v, digits) {
      if (v === null || v === undefined || !isFinite(v)) { return '–'; }
      return v.toFixed(digits === undefined ? 2 : digits);
    }
    function frameAtTime(t) {
      var lo = 0;
      var hi = N - 1;
      if (t <= F.t[0]) { return 0; }
      while (lo < hi) {
        var mid = (lo + hi + 1) >> 1;
        if (F.t[mid] <= t) { lo = mid; } else { hi = mid - 1; }
      }
      return lo;
    }
    // Output range for bars: the declared range, else what the run covers.
    function outputRange(k) {
      var o = D.outputs[k];
      if (o.min !== null && o.max !== null && o.max > o.min) { return [o.min, o.max]; }
      var lo = Infinity;
      var hi = -Infinity;
      F.values[k].forEach(function (v) { lo = Math.min(lo, v); hi = Math.max(hi, v); });
      if (!(hi > lo)) { return [lo - 1, hi + 1]; }
      return [lo, hi];
    }

    // MARK: the page's text around the canvases.
    (function () {
      var sub = N + ' frames over ' + fmt(F.t[N - 1] - T0, 3) + ' s';
      if (D.refreshRate > 0) { sub += ' at ' + D.refreshRate + ' Hz'; }
      if (D.trace) { sub += ' · trace ' + D.trace; }
      if (scene) {
        sub += ' · viewport ' + fmt(scene.viewportHeight, 0) + ' pt, content ' +
          fmt(scene.contentHeight, 0) + ' pt, maxOffset ' + fmt(scene.maxOffset, 1) + ' pt';
        if (scene.maxOffsetX !== undefined) {
          sub += ' · width: viewport ' + fmt(scene.viewportWidth, 0) + ' pt, content ' +
            fmt(scene.contentWidth, 0) + ' pt, maxOffsetX ' + fmt(scene.maxOffsetX, 1) + ' pt';
        }
      }
      sub += ' · preview: ' + (preset || 'generic outputs');
      $('subtitle').textContent = sub;
      D.notes.forEach(function (n) {
        var li = document.createElement('li');
        li.textContent = 'note: ' + n;
        $('notes').appendChild(li);
      });
    })();

    // MARK: the value table beside the preview: a bar per output, a swatch for fractions.
    var rows = D.outputs.map(function (o, k) {
      var tr = document.createElement('tr');
      var name = document.createElement('td');
      name.className = 'name';
      name.textContent = o.name;
      name.title = o.name + (o.unit ? ' (' + o.unit + ')' : '');
      var barCell = document.createElement('td');
      var bar = document.createElement('div');
      bar.className = 'bar';
      var fill = document.createElement('i');
      fill.style.background = SERIES[k % SERIES.length];
      bar.appendChild(fill);
      barCell.appendChild(bar);
      var swatchCell = document.createElement('td');
      var swatch = document.createElement('span');
      swatch.className = 'swatch';
      swatchCell.appendChild(swatch);
      var num = document.createElement('td');
      num.className = 'num';
      tr.appendChild(name);
      tr.appendChild(barCell);
      tr.appendChild(swatchCell);
      tr.appendChild(num);
      $('values').appendChild(tr);
      return { fill: fill, swatch: swatch, num: num, range: outputRange(k), unit: o.unit };
    });
    function updateTable() {
      rows.forEach(function (r, k) {
        var v = F.values[k][state.frame];
        var p = clamp((v - r.range[0]) / (r.range[1] - r.range[0]), 0, 1);
        r.fill.style.width = (p * 100).toFixed(1) + '%';
        var level = Math.round(255 * (1 - p));
        r.swatch.style.background = r.unit === 'points'
          ? 'transparent' : 'rgb(' + level + ',' + level + ',' + level + ')';
        r.num.textContent = r.unit === 'points' ? fmt(v, 1) : fmt(v, 3);
      });
      var f = state.frame;
      var motion = TWO_AXIS
        ? ' s · contentOffset (x ' + fmt(F.offsetX[f], 1) + ', y ' + fmt(F.offset[f], 1) +
          ') pt · velocity (x ' + fmt(F.velocityX[f], 1) + ', y ' + fmt(F.velocity[f], 1) +
          ') pt/s · '
        : ' s · contentOffset ' + fmt(F.offset[f], 1) + ' pt · velocity ' +
          fmt(F.velocity[f], 1) + ' pt/s · ';
      $('readout').textContent = 'frame ' + F.frame[f] + ' · t = ' + fmt(F.t[f], 4) +
        motion + D.phases[F.phase[f]] +
        (eventsOfFrame[f] ? ' · ' + eventsOfFrame[f].join(', ') : '');
    }

    // MARK: the phone preview, in points scaled to the canvas.
    var preview = $('preview');
    var SW = scene ? scene.screenWidth : 390;
    var SH = scene ? scene.screenHeight : 844;
    var VH = scene ? scene.viewportHeight : SH;
    var INSET = scene ? scene.contentInsetTop : 0;
    var CONTENT = scene ? scene.contentHeight : 100000;
    var MAXOFF = scene ? scene.maxOffset : null;
    // A two-axis run (frame file version 3: every frame has x and vx) and, from a version-4
    // trace, its horizontal axis (the edges are 0 and maxOffsetX).
    var TWO_AXIS = !!F.offsetX;
    var MAXOFFX = scene && scene.maxOffsetX !== undefined ? scene.maxOffsetX : null;
    var CSSW = 300;
    var CSSH = Math.round(clamp(CSSW * SH / SW, 300, 700));
    var K = CSSW / SW;
    var DPR = window.devicePixelRatio || 1;
    preview.style.height = CSSH + 'px';
    preview.width = Math.round(CSSW * DPR);
    preview.height = Math.round(CSSH * DPR);
    // The self-check (#test) reads the preview's pixels back: tell the canvas so.
    var testing = window.location.hash.replace(/^#/, '').split('&').indexOf('test') >= 0;
    var px = preview.getContext('2d', { willReadFrequently: testing });
    var SAFE = 47;

    function rrect(c, x, y, w, h, r) {
      c.beginPath();
      c.moveTo(x + r, y);
      c.arcTo(x + w, y, x + w, y + h, r);
      c.arcTo(x + w, y + h, x, y + h, r);
      c.arcTo(x, y + h, x, y, r);
      c.arcTo(x, y, x + w, y, r);
      c.closePath();
    }
    // The content's y (points from its top) on screen at offset s.
    function screenY(contentY, s) { return INSET + contentY - s; }
    // List rows of the content from contentY `from` on: grey text bars, no text.
    function drawRows(c, from, s) {
      var rowH = 64;
      var first = Math.max(0, Math.floor((s - INSET - from) / rowH));
      for (var k = first; ; k++) {
        var y = screenY(from + k * rowH, s);
        if (y > VH || from + k * rowH >= CONTENT) { break; }
        c.fillStyle = '#ffffff';
        c.fillRect(0, y, SW, rowH);
        c.fillStyle = ['#ffd8a8', '#a5d8ff', '#b2f2bb', '#fcc2d7', '#d0bfff'][k % 5];
        rrect(c, 16, y + 10, 44, 44, 8);
        c.fill();
        c.fillStyle = '#ced4da';
        c.fillRect(72, y + 18, SW * 0.45 - (k % 3) * 18, 10);
        c.fillStyle = '#e9ecef';
        c.fillRect(72, y + 36, SW * 0.3 + (k % 4) * 12, 8);
        c.fillStyle = '#eceef1';
        c.fillRect(72, y + rowH - 1, SW - 72, 1);
      }
    }
    // Past the content's edges (overscroll): the background the rubber band shows.
    function drawOverscroll(c, s) {
      c.fillStyle = '#e7e9ee';
      var top = screenY(0, s);
      if (top > 0) { c.fillRect(0, 0, SW, top); }
      var bottom = screenY(CONTENT, s);
      if (bottom < VH) { c.fillRect(0, bottom, SW, VH - bottom); }
    }
    function text(c, t, x, y, size, color, align, weight) {
      c.font = (weight || 'bold') + ' ' + size + 'px system-ui, sans-serif';
      c.fillStyle = color;
      c.textAlign = align || 'left';
      c.fillText(t, x, y);
    }
    // A light navigation bar at the top: material, hairline and inline title, each with its
    // opacity.
    function drawBar(c, height, background, hairline, title, titleOpacity) {
      c.fillStyle = 'rgba(249, 249, 249, ' + background + ')';
      c.fillRect(0, 0, SW, height);
      c.fillStyle = 'rgba(0, 0, 0, ' + hairline + ')';
      c.fillRect(0, height - 1, SW, 1);
      text(c, title, SW / 2, height - 16, 17, 'rgba(0, 0, 0, ' + titleOpacity + ')', 'center');
    }
    function drawAppleMusic(c, s) {
      var H = 400;
      drawRows(c, H, s);
      var slot = screenY(0, s);
      var y = slot + out('header.imageOffsetY', 0);
      var h = out('header.imageHeight', H);
      c.save();
      if (s >= 0) {
        c.beginPath();
        c.rect(0, slot, SW, H);
        c.clip();
      }
      var g = c.createLinearGradient(0, y, 0, y + h);
      g.addColorStop(0, '#f76707');
      g.addColorStop(0.55, '#d6336c');
      g.addColorStop(1, '#5f3dc4');
      c.fillStyle = g;
      c.fillRect(0, y, SW, h);
      var k = h / H;
      c.fillStyle = 'rgba(255, 236, 153, 0.9)';
      c.beginPath();
      c.arc(SW * 0.68, y + 120 * k, 54 * k, 0, 2 * Math.PI);
      c.fill();
      c.fillStyle = 'rgba(38, 18, 89, 0.55)';
      c.beginPath();
      c.moveTo(0, y + 300 * k);
      c.lineTo(SW * 0.35, y + 190 * k);
      c.lineTo(SW * 0.7, y + 290 * k);
      c.lineTo(SW, y + 230 * k);
      c.lineTo(SW, y + h);
      c.lineTo(0, y + h);
      c.fill();
      c.fillStyle = 'rgba(0, 0, 0, ' + clamp(out('header.overlayOpacity', 0), 0, 1) + ')';
      c.fillRect(0, Math.min(y, slot), SW, Math.max(h, H) + Math.abs(y - slot));
      c.restore();
      var titleY = (s >= 0 ? slot : y) + Math.max(h, H) - 40;
      text(c, 'Album', 20, titleY, 34, '#ffffff');
      var bar = out('navBar.opacity', 0);
      drawBar(c, SAFE + 52, 0.94 * bar, 0.2 * bar, 'Album', bar);
    }
    function drawAppleTV(c, s) {
      var hero = 460;
      drawRows(c, hero, s);
      var top = screenY(0, s);
      var g = c.createLinearGradient(0, top, 0, top + hero);
      g.addColorStop(0, '#1c7ed6');
      g.addColorStop(1, '#0b2447');
      c.fillStyle = g;
      c.fillRect(0, top, SW, hero);
      c.fillStyle = 'rgba(255, 255, 255, 0.18)';
      c.beginPath();
      c.arc(SW * 0.3, top + 200, 90, 0, 2 * Math.PI);
      c.fill();
      text(c, 'Show', 20, top + hero - 40, 34, '#ffffff');
      var barH = SAFE + 56;
      c.fillStyle = 'rgba(0, 0, 0, ' + clamp(out('navBar.backgroundOpacity', 0.9), 0, 1) + ')';
      c.fillRect(0, 0, SW, barH);
      var grey = Math.round(255 * clamp(out('navBar.tint', 1), 0, 1));
      var tint = 'rgb(' + grey + ',' + grey + ',' + grey + ')';
      var cy = barH - 26;
      c.strokeStyle = tint;
      c.lineWidth = 3;
      c.lineCap = 'round';
      c.beginPath();
      c.moveTo(30, cy - 9);
      c.lineTo(20, cy);
      c.lineTo(30, cy + 9);
      c.stroke();
      c.beginPath();
      c.moveTo(SW - 84, cy);
      c.lineTo(SW - 64, cy);
      c.moveTo(SW - 74, cy - 10);
      c.lineTo(SW - 74, cy + 10);
      c.stroke();
      rrect(c, SW - 40, cy - 5, 18, 15, 3);
      c.stroke();
      c.beginPath();
      c.moveTo(SW - 31, cy + 2);
      c.lineTo(SW - 31, cy - 14);
      c.stroke();
      var title = clamp(out('navBar.titleOpacity', 0), 0, 1);
      text(c, 'Show', SW / 2, cy + 6, 17, 'rgba(255, 255, 255, ' + title + ')', 'center');
    }
    function drawTitleCard(c, s) {
      var titleY = 113;
      var top = out('titleCard.titleMinY', 216) - titleY;
      // The card's content sits under a bar of 103 pt (topInset) at rest.
      var delta = top - screenY(0, s);
      c.save();
      c.translate(0, delta);
      drawRows(c, 260, s);
      c.restore();
      c.fillStyle = '#ffffff';
      c.fillRect(0, top, SW, 260);
      c.fillStyle = '#4263eb';
      rrect(c, SW / 2 - 36, top + 20, 72, 72, 16);
      c.fill();
      text(c, 'Title Card', SW / 2, top + titleY + 28, 28, '#111111', 'center');
      c.fillStyle = '#ced4da';
      c.fillRect(40, top + 165, SW - 80, 9);
      c.fillRect(60, top + 183, SW - 120, 9);
      var barH = 103;
      var inline = clamp(out('titleCard.inlineTitleOpacity', 0), 0, 1);
      drawBar(c, barH, 0.94, 0.25 * inline, 'Title Card', inline);
    }
    function drawCollapsible(c, s) {
      var max = 350;
      drawRows(c, max, s);
      var h = out('header.height', max);
      var g = c.createLinearGradient(0, 0, 0, h);
      g.addColorStop(0, '#0ca678');
      g.addColorStop(1, '#087f5b');
      c.fillStyle = g;
      c.fillRect(0, 0, SW, h);
      var a = clamp(out('header.contentOpacity', 1), 0, 1);
      c.fillStyle = 'rgba(255, 255, 255, ' + a + ')';
      c.beginPath();
      c.arc(SW / 2, h / 2 - 10, 46, 0, 2 * Math.PI);
      c.fill();
      text(c, 'Profile', SW / 2, h / 2 + 66, 24, 'rgba(255, 255, 255, ' + a + ')', 'center');
      c.fillStyle = 'rgba(255, 255, 255, ' + (0.6 * a) + ')';
      c.fillRect(SW / 2 - 90, h / 2 + 80, 180, 8);
      var b = clamp(out('bar.contentOpacity', 0), 0, 1);
      c.fillStyle = 'rgba(255, 255, 255, ' + b + ')';
      c.beginPath();
      c.arc(36, h - 34, 16, 0, 2 * Math.PI);
      c.fill();
      text(c, 'Profile', 62, h - 28, 17, 'rgba(255, 255, 255, ' + b + ')');
    }
    function drawLogo(c, s) {
      var area = 170;
      drawRows(c, area, s);
      c.fillStyle = '#ffffff';
      c.fillRect(0, 0, SW, area);
      c.fillStyle = '#e9ecef';
      rrect(c, 16, area - 44, SW - 32, 34, 10);
      c.fill();
      var lift = out('logo.lift', 0);
      c.fillStyle = '#f03e3e';
      rrect(c, SW / 2 - 28, area - 100 - lift, 56, 44, 12);
      c.fill();
      c.fillStyle = 'rgba(0, 0, 0, 0.15)';
      c.fillRect(0, area - 1, SW, 1);
    }
    function drawFlexible(c, s) {
      drawRows(c, 200, s);
      var h = out('bar.height', 200);
      c.save();
      c.beginPath();
      c.rect(0, 0, SW, h);
      c.clip();
      c.fillStyle = '#1971c2';
      c.fillRect(0, 0, SW, h);
      var top = out('background.top', 0);
      var bh = out('background.height', 200);
      var g = c.createLinearGradient(0, top, 0, top + bh);
      g.addColorStop(0, '#ffa94d');
      g.addColorStop(1, '#e8590c');
      c.globalAlpha = clamp(out('background.opacity', 1), 0, 1);
      c.fillStyle = g;
      c.fillRect(0, top, SW, bh);
      c.globalAlpha = 1;
      var scale = out('title.scale', 1);
      var ta = clamp(out('title.opacity', 1), 0, 1);
      text(c, 'Flexible', out('title.paddingStart', 72), h - out('title.paddingBottom', 16),
        Math.round(20 * scale), 'rgba(255, 255, 255, ' + ta + ')');
      c.restore();
    }
    function drawSliver(c, s) {
      drawRows(c, 200, s);
      var h = out('appBar.extent', 200);
      var under = out('appBar.isScrolledUnder', 0) > 0.5;
      c.fillStyle = under ? '#d0ebff' : '#1971c2';
      c.fillRect(0, 0, SW, h);
      if (under) {
        c.fillStyle = 'rgba(0, 0, 0, 0.2)';
        c.fillRect(0, h, SW, 3);
      }
      var ta = clamp(out('appBar.toolbarOpacity', 1), 0, 1);
      text(c, 'SliverAppBar', 72, h - 18, 20, under ? 'rgba(0, 0, 0, ' + ta + ')'
        : 'rgba(255, 255, 255, ' + ta + ')');
      if (out('appBar.stretchTriggered', 0) > 0.5) {
        c.strokeStyle = '#1971c2';
        c.lineWidth = 3;
        c.beginPath();
        c.arc(SW / 2, h + 30, 12, 0, 1.6 * Math.PI);
        c.stroke();
      }
    }
    // Any other effect: the content scrolls, and every output is a bar and a swatch in a card
    // at the bottom of the screen.
    // Colour outputs (`name.r`, `.g`, `.b`, optional `.a`, 0…1) are one swatch.
    var genericRows = [];
    (function () {
      var used = {};
      D.outputs.forEach(function (o, k) {
        if (used[k]) { return; }
        var m = /^(.*)\.r$/.exec(o.name);
        if (m && index[m[1] + '.g'] !== undefined && index[m[1] + '.b'] !== undefined) {
          var parts = ['r', 'g', 'b', 'a'].map(function (c) { return index[m[1] + '.' + c]; });
          parts.forEach(function (i) { if (i !== undefined) { used[i] = true; } });
          genericRows.push({ color: parts, k: k });
        } else {
          genericRows.push({ k: k });
        }
      });
    })();
    // Any other effect: the content scrolls, and every output is a bar and a swatch (a colour
    // output its colour) in a card at the bottom of the screen.
    function drawGeneric(c, s) {
      drawRows(c, 0, s);
      var shown = Math.min(genericRows.length, 10);
      if (shown === 0) { return; }
      var rowH = 30;
      var h = shown * rowH + 16;
      var y0 = VH - h - 24;
      c.fillStyle = 'rgba(255, 255, 255, 0.94)';
      rrect(c, 12, y0, SW - 24, h, 14);
      c.fill();
      c.strokeStyle = 'rgba(0, 0, 0, 0.12)';
      c.lineWidth = 1;
      c.stroke();
      for (var n = 0; n < shown; n++) {
        var row = genericRows[n];
        var k = row.k;
        var o = D.outputs[k];
        var y = y0 + 10 + n * rowH;
        var color = SERIES[k % SERIES.length];
        var name = row.color ? o.name.slice(0, -2) : o.name;
        text(c, name, 56, y + 4, 10, '#495057', 'left', 'normal');
        if (row.color) {
          var rgba = row.color.map(function (i, j) {
            if (i === undefined) { return 1; }
            drawn.values[D.outputs[i].name] = F.values[i][state.frame];
            return clamp(F.values[i][state.frame], 0, 1);
          });
          c.fillStyle = 'rgba(' + Math.round(rgba[0] * 255) + ',' + Math.round(rgba[1] * 255) +
            ',' + Math.round(rgba[2] * 255) + ',' + rgba[3] + ')';
          rrect(c, 24, y + 7, 20, 16, 4);
          c.fill();
          rrect(c, 56, y + 9, SW - 92, 10, 4);
          c.fill();
          continue;
        }
        var v = F.values[k][state.frame];
        drawn.values[o.name] = v;
        var r = rows[k].range;
        var p = clamp((v - r[0]) / (r[1] - r[0]), 0, 1);
        if (o.unit === 'flag') {
          c.fillStyle = v > 0.5 ? color : '#dee2e6';
          c.beginPath();
          c.arc(34, y + 15, 8, 0, 2 * Math.PI);
          c.fill();
        } else {
          c.fillStyle = '#f1f3f5';
          rrect(c, 24, y + 7, 20, 16, 4);
          c.fill();
          c.globalAlpha = o.unit === 'points' ? 1 : p;
          c.fillStyle = color;
          rrect(c, 24, y + 7, 20, 16, 4);
          c.fill();
          c.globalAlpha = 1;
        }
        c.fillStyle = '#e9ecef';
        rrect(c, 56, y + 11, SW - 92, 8, 4);
        c.fill();
        c.fillStyle = color;
        rrect(c, 56, y + 11, Math.max(8, (SW - 92) * p), 8, 4);
        c.fill();
      }
    }
    // GSAP ScrollTrigger's markers: scroller-start and scroller-end fixed to the viewport at
    // the line the offset is measured from; each trigger's start and end moving with the
    // content, meeting it at the offsets where the range starts and ends.
    function drawMarkers(c, s) {
      if (!$('markers-toggle') || !$('markers-toggle').checked || D.markers.length === 0) {
        return;
      }
      var fontSize = 11;
      c.font = fontSize + 'px system-ui, sans-serif';
      c.textAlign = 'right';
      var x = SW - 22;
      c.lineWidth = 2;
      function mark(y, color, label, width) {
        c.fillStyle = color;
        c.fillRect(x - width, y - 1, width, 2);
        var w = c.measureText(label).width + 6;
        c.fillRect(x - w, y - 15, w, 14);
        c.fillStyle = '#ffffff';
        c.fillText(label, x - 3, y - 4);
      }
      // Scroller markers: lines at the viewport's top, labels stacked below them.
      [[START, 'scroller-start', 2], [END, 'scroller-end', 18]].forEach(function (m) {
        c.fillStyle = m[0];
        c.fillRect(x - 60, INSET + (m[2] === 2 ? 0 : 2), 60, 2);
        var w = c.measureText(m[1]).width + 6;
        c.fillRect(x - w, INSET + m[2] + 2, w, 14);
        c.fillStyle = '#ffffff';
        c.fillText(m[1], x - 3, INSET + m[2] + 13);
      });
      // Each trigger's start and end, on the content; labels pushed apart, never overlapping.
      x = SW - 96;
      var marks = [];
      D.markers.slice(0, 6).forEach(function (m) {
        marks.push([screenY(m.start, s), START, 'start ' + m.label]);
        if (m.end !== null) { marks.push([screenY(m.end, s), END, 'end ' + m.label]); }
      });
      marks.sort(function (a, b) { return a[0] - b[0]; });
      var lastY = -Infinity;
      marks.forEach(function (m) {
        var y = Math.max(m[0], lastY + 16);
        if (m[0] < 40 || y > VH) { return; }
        lastY = y;
        c.fillStyle = m[1];
        c.fillRect(x - 40, m[0] - 1, 40, 2);
        mark(y, m[1], m[2], 0);
      });
    }
    // A two-axis run's horizontal scroll indicator at the bottom of the viewport, above the
    // home indicator's safe area (34 pt), as UIKit draws it: its length the visible fraction of the content's width, its position the
    // offset's fraction of maxOffsetX, shortened past an edge by the overscroll. Without the
    // trace's geometry, a dot at the offset's place in the run's own range.
    function drawHorizontalIndicator(c, x) {
      drawn.offsetX = x;
      var track = SW - 12;
      var length = 36;
      var fraction;
      if (MAXOFFX !== null) {
        var total = scene.contentWidth + scene.contentInsetLeft + scene.contentInsetRight;
        length = Math.max(36, track * Math.min(1, scene.viewportWidth / Math.max(total, 1)));
        var past = x < 0 ? -x : Math.max(0, x - MAXOFFX);
        length = Math.max(7, length - past);
        fraction = MAXOFFX > 0 ? clamp(x / MAXOFFX, 0, 1) : 0;
      } else {
        var lo = Math.min.apply(null, F.offsetX);
        var hi = Math.max.apply(null, F.offsetX);
        fraction = hi > lo ? (x - lo) / (hi - lo) : 0;
      }
      c.fillStyle = 'rgba(0, 0, 0, 0.35)';
      rrect(c, 6 + fraction * (track - length), VH - 38, length, 3, 1.5);
      c.fill();
    }
    function drawPreview() {
      var c = px;
      var s = F.offset[state.frame];
      drawn = { frame: state.frame, offset: s, preset: preset || 'generic', values: {} };
      c.setTransform(DPR * K, 0, 0, DPR * K, 0, 0);
      c.fillStyle = '#ffffff';
      c.fillRect(0, 0, SW, SH);
      c.save();
      c.beginPath();
      c.rect(0, 0, SW, VH);
      c.clip();
      drawOverscroll(c, s);
      switch (preset) {
        case 'apple-music': drawAppleMusic(c, s); break;
        case 'apple-tv-bar': drawAppleTV(c, s); break;
        case 'title-card': drawTitleCard(c, s); break;
        case 'collapsible-header': drawCollapsible(c, s); break;
        case 'logo-follow': drawLogo(c, s); break;
        case 'flutter-flexible-space-bar': drawFlexible(c, s); break;
        case 'flutter-sliver-app-bar': drawSliver(c, s); break;
        default: drawGeneric(c, s);
      }
      drawMarkers(c, s);
      if (TWO_AXIS) { drawHorizontalIndicator(c, F.offsetX[state.frame]); }
      c.restore();
      // The home indicator, in the phone's own pixels.
      c.fillStyle = 'rgba(0, 0, 0, 0.55)';
      rrect(c, SW / 2 - 67, SH - 13, 134, 5, 2.5);
      c.fill();
      preview.dataset.frame = String(state.frame);
    }

    // MARK: the charts: one canvas, stacked panels on one time axis.
    var charts = $('charts');
    var cx = charts.getContext('2d', { willReadFrequently: testing });
    var LEFT = 70;
    // The right margin holds the marker labels: as wide as the longest (within limits).
    var RIGHT = (function () {
      cx.font = '11px system-ui, sans-serif';
      var widest = cx.measureText('bottom edge').width;
      D.markers.forEach(function (m) {
        widest = Math.max(widest, cx.measureText('start ' + m.label).width);
      });
      return Math.round(clamp(widest + 26, 110, 300));
    })();
    var EVENT_ROWS = D.events.length ? 3 : 0;
    var LANE = 16;
    var AXIS = 26;
    // The strip at the top of each panel that holds its title (on a white box): the values
    // are fitted below it, so the title never hides a peak.
    var TITLE_BAND = 18;
    var panels = [
      { title: 'contentOffset (pt)', values: F.offset, color: '#0a66d8', height: 170,
        offset: true },
      { title: 'velocity (pt/s)', values: F.velocity, color: '#7048e8', height: 110, zero: true }
    ];
    if (TWO_AXIS) {
      // Each axis's offset and velocity, titled by the axis; x's panel has its left and right
      // edges and overscroll band as y's has its top and bottom.
      panels[0].title = 'contentOffset.y (pt)';
      panels[1].title = 'velocity.y (pt/s)';
      panels.push({ title: 'contentOffset.x (pt)', values: F.offsetX, color: '#0a66d8',
        height: 170, offsetX: true });
      panels.push({ title: 'velocity.x (pt/s)', values: F.velocityX, color: '#7048e8',
        height: 110, zero: true });
    }
    D.outputs.forEach(function (o, k) {
      panels.push({ title: o.name + (o.unit ? ' (' + o.unit + ')' : ''),
        values: F.values[k], color: SERIES[k % SERIES.length], height: 74, output: o });
    });
    // Threshold events (`output:kind`) and the scroll view's own (delegate callbacks), in time
    // order; the events of each frame for the readout.
    var events = D.events.map(function (e) {
      return { frame: e.frame, t: e.t, name: e.name, detail: e.detail,
        threshold: e.kind === 'threshold' };
    });
    events.sort(function (a, b) { return a.t - b.t || a.frame - b.frame; });
    var eventsOfFrame = {};
    events.forEach(function (e) {
      (eventsOfFrame[e.frame] = eventsOfFrame[e.frame] || []).push(e.detail);
    });
    // The y range of each panel, fitted to the frames in the time window: their values;
    // fractions and flags also show their declared range; an output that never changes gets
    // an honest axis around its value; the offset panel shows the edges and the trigger
    // offsets near its values. The fitted range fills the panel below its title band.
    function fitY(first, last) {
      panels.forEach(function (p) {
        var lo = Infinity;
        var hi = -Infinity;
        for (var k = first; k <= last; k++) {
          lo = Math.min(lo, p.values[k]);
          hi = Math.max(hi, p.values[k]);
        }
        var o = p.output;
        if (o && (o.unit === 'fraction' || o.unit === 'flag') && o.min !== null) {
          lo = Math.min(lo, o.min);
          hi = Math.max(hi, o.max);
        }
        if (p.offset || p.offsetX) {
          var near = function (v) {
            var reach = Math.max(0.25 * (hi - lo), 20);
            return v >= lo - reach && v <= hi + reach;
          };
          var lines = [0];
          var edge = p.offset ? MAXOFF : MAXOFFX;
          if (edge !== null) { lines.push(edge); }
          (p.offset ? D.markers : []).forEach(function (m) {
            lines.push(m.start);
            if (m.end !== null) { lines.push(m.end); }
          });
          lines.filter(near).forEach(function (v) {
            lo = Math.min(lo, v);
            hi = Math.max(hi, v);
          });
        }
        if (p.zero) { lo = Math.min(lo, 0); hi = Math.max(hi, 0); }
        if (!(hi > lo)) {
          var pad = Math.abs(lo) > 0 ? Math.abs(lo) * 0.1 : 1;
          lo -= pad;
          hi += pad;
        } else {
          var span = hi - lo;
          lo -= span * 0.06;
          hi += span * 0.06;
        }
        hi += (hi - lo) * TITLE_BAND / (p.height - TITLE_BAND);
        p.lo = lo;
        p.hi = hi;
      });
    }
    var TOP = EVENT_ROWS * LANE + 8;
    var total = TOP;
    panels.forEach(function (p) { p.y = total; total += p.height + 8; });
    var HEIGHT = total + AXIS;
    var CW = 800;
    function sizeCharts() {
      CW = Math.max(420, charts.clientWidth || 800);
      charts.style.height = HEIGHT + 'px';
      charts.width = Math.round(CW * DPR);
      charts.height = Math.round(HEIGHT * DPR);
    }
    function xOf(t) {
      return LEFT + (t - state.view[0]) / (state.view[1] - state.view[0]) * (CW - LEFT - RIGHT);
    }
    function tOf(x) {
      return state.view[0] + (x - LEFT) / (CW - LEFT - RIGHT) * (state.view[1] - state.view[0]);
    }
    function niceStep(span, count) {
      var raw = span / count;
      var mag = Math.pow(10, Math.floor(Math.log(raw) / Math.LN10));
      var steps = [1, 2, 2.5, 5, 10];
      for (var k = 0; k < steps.length; k++) {
        if (steps[k] * mag >= raw) { return steps[k] * mag; }
      }
      return 10 * mag;
    }
    // The decimals a tick step needs (2.5 needs one, 0.25 two).
    function decimals(step) {
      for (var d = 0; d < 6; d++) {
        var scaled = step * Math.pow(10, d);
        if (Math.abs(scaled - Math.round(scaled)) < 1e-6 * Math.max(1, scaled)) { return d; }
      }
      return 6;
    }
    function label(c, t, x, y, color, align, bg) {
      c.font = '11px system-ui, sans-serif';
      c.textAlign = align || 'left';
      if (bg) {
        var w = c.measureText(t).width + 6;
        var x0 = align === 'right' ? x - w + 3 : x - 3;
        c.fillStyle = bg;
        c.fillRect(x0, y - 11, w, 14);
      }
      c.fillStyle = color;
      c.fillText(t, x, y);
    }
    // The overscroll band's fill: grey diagonal hatching, distinct from the phase shading.
    var hatchPattern = null;
    function hatch(c) {
      if (hatchPattern) { return hatchPattern; }
      var tile = document.createElement('canvas');
      tile.width = tile.height = 8;
      var t = tile.getContext('2d');
      t.fillStyle = 'rgba(73, 80, 87, 0.08)';
      t.fillRect(0, 0, 8, 8);
      t.strokeStyle = 'rgba(73, 80, 87, 0.35)';
      t.lineWidth = 1;
      t.beginPath();
      t.moveTo(0, 8);
      t.lineTo(8, 0);
      t.stroke();
      hatchPattern = c.createPattern(tile, 'repeat');
      return hatchPattern;
    }
    function drawCharts() {
      var c = cx;
      c.setTransform(DPR, 0, 0, DPR, 0, 0);
      c.fillStyle = '#ffffff';
      c.fillRect(0, 0, CW, HEIGHT);
      var plotW = CW - LEFT - RIGHT;
      var first = Math.max(0, frameAtTime(state.view[0]) - 1);
      var last = Math.min(N - 1, frameAtTime(state.view[1]) + 1);
      fitY(first, last);
      panels.forEach(function (p) {
        var yOf = function (v) { return p.y + p.height - (v - p.lo) / (p.hi - p.lo) * p.height; };
        c.save();
        c.beginPath();
        c.rect(LEFT, p.y, plotW, p.height);
        c.clip();
        // Phases, shaded behind (idle unshaded).
        var runStart = first;
        for (var k = first + 1; k <= last + 1; k++) {
          if (k > last || F.phase[k] !== F.phase[runStart]) {
            var color = PHASE_COLORS[D.phases[F.phase[runStart]]];
            if (color) {
              var x0 = xOf(F.t[runStart]);
              var x1 = xOf(k > last ? F.t[last] : F.t[k]);
              c.fillStyle = color;
              c.globalAlpha = 0.55;
              c.fillRect(x0, p.y, Math.max(1, x1 - x0), p.height);
              c.globalAlpha = 1;
            }
            runStart = k;
          }
        }
        if (p.offset || p.offsetX) {
          // The overscroll band past each edge (top and bottom, or left and right), and the
          // edges.
          var edgeMax = p.offset ? MAXOFF : MAXOFFX;
          var edges = [[0, 'edge 0 pt']];
          if (edgeMax !== null) { edges.push([edgeMax, 'edge ' + fmt(edgeMax, 1) + ' pt']); }
          c.fillStyle = hatch(c);
          var yTop = yOf(0);
          if (yTop < p.y + p.height) { c.fillRect(LEFT, yTop, plotW, p.y + p.height - yTop); }
          if (edgeMax !== null) {
            var yBottom = yOf(edgeMax);
            if (yBottom > p.y) { c.fillRect(LEFT, p.y, plotW, yBottom - p.y); }
          }
          c.strokeStyle = '#495057';
          c.lineWidth = 1;
          c.setLineDash([2, 3]);
          edges.forEach(function (e) {
            var y = yOf(e[0]);
            c.beginPath();
            c.moveTo(LEFT, y);
            c.lineTo(LEFT + plotW, y);
            c.stroke();
          });
          c.setLineDash([]);
          (p.offset ? D.markers : []).forEach(function (m) {
            if (m.hysteresis > 0) {
              var a = yOf(m.start);
              var b = yOf(m.start - m.hysteresis);
              c.fillStyle = 'rgba(31, 157, 58, 0.12)';
              c.fillRect(LEFT, a, plotW, b - a);
            }
            [[m.start, START], [m.end, END]].forEach(function (e) {
              if (e[0] === null) { return; }
              c.strokeStyle = e[1];
              c.lineWidth = 1.5;
              c.beginPath();
              c.moveTo(LEFT, yOf(e[0]));
              c.lineTo(LEFT + plotW, yOf(e[0]));
              c.stroke();
            });
          });
        }
        if (p.zero) {
          c.strokeStyle = '#adb5bd';
          c.lineWidth = 1;
          c.beginPath();
          c.moveTo(LEFT, yOf(0));
          c.lineTo(LEFT + plotW, yOf(0));
          c.stroke();
        }
        // The series: every frame, or the extremes of each pixel column when zoomed out.
        c.strokeStyle = p.color;
        c.lineWidth = 1.6;
        c.beginPath();
        var perPixel = (last - first) / plotW;
        if (perPixel <= 2) {
          for (var f = first; f <= last; f++) {
            if (f === first) { c.moveTo(xOf(F.t[f]), yOf(p.values[f])); }
            else { c.lineTo(xOf(F.t[f]), yOf(p.values[f])); }
          }
        } else {
          var column = -1;
          var lo = 0;
          var hi = 0;
          for (var g = first; g <= last + 1; g++) {
            var col = g <= last ? Math.floor(xOf(F.t[g])) : -2;
            if (col !== column) {
              if (column !== -1) {
                c.lineTo(column + 0.5, yOf(lo));
                c.lineTo(column + 0.5, yOf(hi));
              }
              if (g > last) { break; }
              column = col;
              lo = hi = p.values[g];
              if (g === first) { c.moveTo(col + 0.5, yOf(lo)); }
            } else {
              lo = Math.min(lo, p.values[g]);
              hi = Math.max(hi, p.values[g]);
            }
          }
        }
        c.stroke();
        c.restore();
        // Frame, title and y ticks.
        c.strokeStyle = '#ced4da';
        c.lineWidth = 1;
        c.strokeRect(LEFT + 0.5, p.y + 0.5, plotW - 1, p.height - 1);
        label(c, p.title, LEFT + 6, p.y + 14, '#343a40', 'left', 'rgba(255,255,255,0.8)');
        var step = niceStep(p.hi - p.lo, p.height > 100 ? 4 : 2);
        for (var v = Math.ceil(p.lo / step) * step; v <= p.hi; v += step) {
          var y = yOf(v);
          c.fillStyle = '#adb5bd';
          c.fillRect(LEFT - 4, Math.round(y), 4, 1);
          var digits = decimals(step);
          label(c, fmt(v, digits), LEFT - 7, y + 4, '#6c757d', 'right');
        }
        if (p.offset || p.offsetX) {
          var labels = [[0, p.offset ? 'top edge' : 'left edge', '#495057']];
          if (p.offset && MAXOFF !== null) { labels.push([MAXOFF, 'bottom edge', '#495057']); }
          if (p.offsetX && MAXOFFX !== null) { labels.push([MAXOFFX, 'right edge', '#495057']); }
          (p.offset ? D.markers : []).forEach(function (m) {
            labels.push([m.start, 'start ' + m.label, START]);
            if (m.end !== null) { labels.push([m.end, 'end ' + m.label, END]); }
          });
          // GSAP-style labels in the right margin, pushed apart so none overlaps, each with a
          // leader to its line.
          labels = labels.filter(function (l) { return l[0] >= p.lo && l[0] <= p.hi; });
          labels.forEach(function (l) { l.push(yOf(l[0]) + 4); });
          labels.sort(function (a, b) { return a[3] - b[3]; });
          for (var i = 1; i < labels.length; i++) {
            labels[i][3] = Math.max(labels[i][3], labels[i - 1][3] + 15);
          }
          var bottom = p.y + p.height + 30;
          for (var j = labels.length - 1; j >= 0; j--) {
            var limit = j === labels.length - 1 ? bottom : labels[j + 1][3] - 15;
            labels[j][3] = Math.min(labels[j][3], limit);
          }
          labels.forEach(function (l) {
            var colored = l[2] !== '#495057';
            c.strokeStyle = l[2];
            c.lineWidth = 1;
            c.beginPath();
            c.moveTo(LEFT + plotW, yOf(l[0]));
            c.lineTo(LEFT + plotW + 8, l[3] - 4);
            c.stroke();
            label(c, l[1], LEFT + plotW + 12, l[3], colored ? '#ffffff' : l[2], 'left',
              colored ? l[2] : null);
          });
        }
      });
      // Events: a dashed line through every panel, labels in rows above that never overlap
      // (a label with no room is left out and counted).
      var rowsEnd = [];
      for (var r = 0; r < EVENT_ROWS; r++) { rowsEnd.push(-Infinity); }
      var hidden = 0;
      c.save();
      c.beginPath();
      c.rect(LEFT, 0, plotW, HEIGHT);
      c.clip();
      events.forEach(function (e) {
        if (e.t < state.view[0] || e.t > state.view[1]) { return; }
        var x = xOf(e.t);
        var color = e.threshold ? '#e8590c' : '#9c36b5';
        c.strokeStyle = color;
        c.lineWidth = 1;
        c.setLineDash([4, 3]);
        c.beginPath();
        c.moveTo(x + 0.5, TOP - 4);
        c.lineTo(x + 0.5, total - 8);
        c.stroke();
        c.setLineDash([]);
        c.font = '11px system-ui, sans-serif';
        var w = c.measureText(e.name).width + 8;
        // Right of its line, or left of it near the right edge.
        var x0 = x + w < LEFT + plotW + 4 ? x : x - w;
        for (var row = 0; row < EVENT_ROWS; row++) {
          if (rowsEnd[row] < x0 - 2 && x0 >= LEFT - 4) {
            rowsEnd[row] = x0 + w;
            label(c, e.name, x0 + 3, row * LANE + 13, color, 'left');
            return;
          }
        }
        hidden += 1;
      });
      c.restore();
      if (hidden > 0) {
        label(c, '+' + hidden + ' events', LEFT + plotW + 6, 13, '#9c36b5', 'left');
        label(c, '(zoom in)', LEFT + plotW + 6, 27, '#868e96', 'left');
      }
      // Time axis.
      var tstep = niceStep(state.view[1] - state.view[0], Math.max(2, Math.floor(plotW / 90)));
      for (var t = Math.ceil(state.view[0] / tstep) * tstep; t <= state.view[1]; t += tstep) {
        var x = xOf(t);
        c.fillStyle = '#adb5bd';
        c.fillRect(Math.round(x), total - 8, 1, 5);
        var d = decimals(tstep);
        label(c, fmt(t, d) + ' s', x, total + 8, '#6c757d', 'center');
      }
      // The playhead.
      var f = state.frame;
      var xp = xOf(F.t[f]);
      if (xp >= LEFT && xp <= LEFT + plotW) {
        c.fillStyle = '#212529';
        c.fillRect(Math.round(xp), TOP - 6, 1.5, total - TOP);
        panels.forEach(function (p) {
          var y = p.y + p.height - (p.values[f] - p.lo) / (p.hi - p.lo) * p.height;
          c.fillStyle = p.color;
          c.beginPath();
          c.arc(xp, y, 3.5, 0, 2 * Math.PI);
          c.fill();
        });
      }
      $('zoom-readout').textContent = fmt(state.view[0], 3) + ' – ' + fmt(state.view[1], 3) +
        ' s';
    }

    // MARK: the legend.
    (function () {
      var parts = [];
      Object.keys(PHASE_COLORS).forEach(function (k) {
        if (D.phases.indexOf(k) >= 0) { parts.push([PHASE_COLORS[k], k]); }
      });
      parts.push(['repeating-linear-gradient(135deg, #adb5bd 0 2px, #f1f3f5 2px 5px)',
        'overscroll band (past an edge)']);
      if (D.markers.length) {
        parts.push([START, 'trigger start']);
        parts.push([END, 'trigger end']);
      }
      if (events.some(function (e) { return e.threshold; })) {
        parts.push(['#e8590c', 'threshold events']);
      }
      if (events.some(function (e) { return !e.threshold; })) {
        parts.push(['#9c36b5', 'scroll view events (delegate callbacks)']);
      }
      parts.forEach(function (p) {
        var span = document.createElement('span');
        var i = document.createElement('i');
        i.style.background = p[0];
        if (p[0].indexOf('gradient') >= 0) { i.style.backgroundImage = p[0]; }
        span.appendChild(i);
        span.appendChild(document.createTextNode(p[1]));
        $('legend').appendChild(span);
      });
      if (D.markers.length) {
        var box = document.createElement('label');
        var input = document.createElement('input');
        input.type = 'checkbox';
        input.id = 'markers-toggle';
        input.checked = true;
        input.addEventListener('change', function () { drawPreview(); });
        box.appendChild(input);
        box.appendChild(document.createTextNode(' markers in the preview'));
        $('legend').appendChild(box);
      }
    })();

    // MARK: playing, scrubbing, zooming.
    var scrubber = $('scrubber');
    scrubber.max = String(N - 1);
    function render() {
      scrubber.value = String(state.frame);
      drawPreview();
      updateTable();
      drawCharts();
    }
    function seek(frame) {
      state.frame = clamp(Math.round(frame), 0, N - 1);
      state.playTime = F.t[state.frame];
      render();
    }
    function setPlaying(on) {
      state.playing = on;
      $('play').textContent = on ? 'Pause' : 'Play';
      if (on) {
        if (state.frame >= N - 1) { state.frame = 0; }
        state.playTime = F.t[state.frame];
        state.last = performance.now();
        window.requestAnimationFrame(tick);
      }
    }
    // Real time (or slowed down): the recorded frame at or before the play time, one clock.
    function advance() {
      var now = performance.now();
      state.playTime += (now - state.last) / 1000 * state.speed;
      state.last = now;
      state.frame = frameAtTime(state.playTime);
    }
    function tick() {
      if (!state.playing) { return; }
      advance();
      var span = state.view[1] - state.view[0];
      if (F.t[state.frame] > state.view[1] || F.t[state.frame] < state.view[0]) {
        state.view = [F.t[state.frame] - span * 0.1, F.t[state.frame] + span * 0.9];
      }
      render();
      if (state.playTime >= F.t[N - 1]) { setPlaying(false); return; }
      window.requestAnimationFrame(tick);
    }
    scrubber.addEventListener('input', function () {
      setPlaying(false);
      seek(Number(scrubber.value));
    });
    $('play').addEventListener('click', function () { setPlaying(!state.playing); });
    $('speed').addEventListener('change', function () {
      state.speed = Number($('speed').value);
    });
    $('step').addEventListener('click', function () { setPlaying(false); seek(state.frame + 1); });
    $('step-back').addEventListener('click', function () {
      setPlaying(false);
      seek(state.frame - 1);
    });
    function resetZoom() {
      state.view = [T0, T1];
      drawCharts();
    }
    function zoom(factor, atT) {
      var minSpan = Math.max(4 * (T1 - T0) / Math.max(N, 1), 0.02);
      var span = clamp((state.view[1] - state.view[0]) * factor, minSpan, T1 - T0);
      var ratio = (atT - state.view[0]) / (state.view[1] - state.view[0]);
      var start = clamp(atT - ratio * span, T0, T1 - span);
      state.view = [start, start + span];
      drawCharts();
    }
    function pan(dt) {
      var span = state.view[1] - state.view[0];
      var start = clamp(state.view[0] + dt, T0, T1 - span);
      state.view = [start, start + span];
      drawCharts();
    }
    $('reset-zoom').addEventListener('click', resetZoom);
    charts.addEventListener('dblclick', resetZoom);
    charts.addEventListener('wheel', function (e) {
      e.preventDefault();
      var rect = charts.getBoundingClientRect();
      var t = clamp(tOf(e.clientX - rect.left), state.view[0], state.view[1]);
      if (Math.abs(e.deltaX) > Math.abs(e.deltaY)) {
        pan(e.deltaX / (CW - LEFT - RIGHT) * (state.view[1] - state.view[0]));
      } else {
        zoom(Math.pow(1.0015, e.deltaY), t);
      }
    }, { passive: false });
    var drag = null;
    charts.addEventListener('pointerdown', function (e) {
      drag = { x: e.clientX, view: state.view.slice(), moved: false };
      try {
        charts.setPointerCapture(e.pointerId);
      } catch (ignored) {
        // A synthetic pointer (the self-check) cannot be captured.
      }
    });
    charts.addEventListener('pointermove', function (e) {
      if (!drag) { return; }
      var dx = e.clientX - drag.x;
      if (Math.abs(dx) > 3) { drag.moved = true; }
      if (drag.moved) {
        var span = drag.view[1] - drag.view[0];
        var start = clamp(drag.view[0] - dx / (CW - LEFT - RIGHT) * span, T0, T1 - span);
        state.view = [start, start + span];
        drawCharts();
      }
    });
    charts.addEventListener('pointerup', function (e) {
      if (drag && !drag.moved) {
        var rect = charts.getBoundingClientRect();
        var x = e.clientX - rect.left;
        if (x >= LEFT && x <= CW - RIGHT) {
          setPlaying(false);
          seek(frameAtTime(tOf(x)));
        }
      }
      drag = null;
    });
    window.addEventListener('resize', function () { sizeCharts(); drawCharts(); });
    document.addEventListener('keydown', function (e) {
      if (e.target && e.target.tagName === 'SELECT') { return; }
      if (e.key === ' ') { e.preventDefault(); setPlaying(!state.playing); }
      if (e.key === 'ArrowRight') { setPlaying(false); seek(state.frame + 1); }
      if (e.key === 'ArrowLeft') { setPlaying(false); seek(state.frame - 1); }
    });

    // MARK: the test hook and the URL fragment (#frame=N, #t=S, #view=A,B, #test).
    function pixelHash() {
      var data = px.getImageData(0, 0, preview.width, preview.height).data;
      var h = 2166136261;
      for (var k = 0; k < data.length; k += 7) {
        h = Math.imul(h ^ data[k], 16777619) >>> 0;
      }
      return h;
    }
    window.scrollsimReport = {
      frameCount: N,
      seek: seek,
      state: function () {
        return { frame: state.frame, playing: state.playing, view: state.view.slice(),
          drawn: drawn };
      }
    };
    function selfTest() {
      var result = { frameCount: N, preset: preset || 'generic', checks: [] };
      var r = preview.getBoundingClientRect();
      result.previewRect = { x: r.left + window.scrollX, y: r.top + window.scrollY,
        width: r.width, height: r.height };
      var picks = [0, Math.floor(N / 8), Math.floor(N / 4), Math.floor(N / 2), N - 1];
      picks.forEach(function (k) {
        scrubber.value = String(k);
        scrubber.dispatchEvent(new Event('input', { bubbles: true }));
        result.checks.push({ requested: k, frame: state.frame, fileFrame: F.frame[state.frame],
          drawnFrame: Number(preview.dataset.frame), offset: drawn.offset, values: drawn.values,
          offsetX: drawn.offsetX, hash: pixelHash(), readout: $('readout').textContent });
      });
      // Each chart panel as drawn for the whole run: its title, axis and how many of its
      // pixels carry the series' colour (a panel drawn empty has none).
      result.panels = panels.map(function (p) {
        var data = cx.getImageData(Math.round(LEFT * DPR), Math.round(p.y * DPR),
          Math.round((CW - LEFT - RIGHT) * DPR), Math.round(p.height * DPR)).data;
        var r = parseInt(p.color.slice(1, 3), 16);
        var g = parseInt(p.color.slice(3, 5), 16);
        var b = parseInt(p.color.slice(5, 7), 16);
        var ink = 0;
        for (var k = 0; k < data.length; k += 4) {
          if (Math.abs(data[k] - r) < 24 && Math.abs(data[k + 1] - g) < 24 &&
            Math.abs(data[k + 2] - b) < 24) { ink++; }
        }
        return { title: p.title, lo: p.lo, hi: p.hi, ink: ink, edges: p.offset || p.offsetX
          ? [0, p.offset ? MAXOFF : MAXOFFX] : null };
      });
      var before = state.view.slice();
      var rect = charts.getBoundingClientRect();
      charts.dispatchEvent(new WheelEvent('wheel', { deltaY: -400, bubbles: true,
        cancelable: true, clientX: rect.left + LEFT + (CW - LEFT - RIGHT) / 2,
        clientY: rect.top + 100 }));
      var zoomed = state.view.slice();
      $('reset-zoom').click();
      result.zoom = { before: before, zoomed: zoomed, reset: state.view.slice() };
      // Every panel's values in the window lie inside the panel, below its title band: for the
      // whole run and for a zoomed window, how far the highest value is below the panel's top
      // and the lowest above its bottom (pixels).
      function fitOfPanels() {
        var first = Math.max(0, frameAtTime(state.view[0]) - 1);
        var last = Math.min(N - 1, frameAtTime(state.view[1]) + 1);
        fitY(first, last);
        return panels.map(function (p) {
          var lo = Infinity;
          var hi = -Infinity;
          for (var k = first; k <= last; k++) {
            lo = Math.min(lo, p.values[k]);
            hi = Math.max(hi, p.values[k]);
          }
          var yOf = function (v) {
            return p.y + p.height - (v - p.lo) / (p.hi - p.lo) * p.height;
          };
          return { title: p.title, lo: p.lo, hi: p.hi, top: yOf(hi) - p.y,
            bottom: p.y + p.height - yOf(lo) };
        });
      }
      result.titleBand = TITLE_BAND;
      result.fit = fitOfPanels();
      zoom(0.4, F.t[Math.floor(N / 4)]);
      result.fitZoomed = fitOfPanels();
      resetZoom();
      // Dragging left shows later times; a click moves the playhead to the frame there.
      var midX = rect.left + LEFT + (CW - LEFT - RIGHT) / 2;
      var pointer = function (type, x) {
        charts.dispatchEvent(new PointerEvent(type, { clientX: x, clientY: rect.top + 100,
          pointerId: 1, bubbles: true }));
      };
      zoom(0.5, (T0 + T1) / 2);
      var unpanned = state.view.slice();
      pointer('pointerdown', midX);
      pointer('pointermove', midX - 100);
      pointer('pointerup', midX - 100);
      result.pan = { before: unpanned, after: state.view.slice() };
      resetZoom();
      pointer('pointerdown', midX);
      pointer('pointerup', midX);
      result.click = { frame: state.frame, t: F.t[state.frame], at: tOf(midX - rect.left) };
      // Play at 1x, then at 0.25x: the played time against the elapsed time.
      function play(speed, then) {
        seek(0);
        $('speed').value = String(speed);
        $('speed').dispatchEvent(new Event('change'));
        $('play').click();
        var started = performance.now();
        setTimeout(function () {
          advance();
          var played = { speed: speed, frame: state.frame, t: F.t[state.frame],
            elapsed: (performance.now() - started) / 1000 };
          setPlaying(false);
          then(played);
        }, 600);
      }
      play(1, function (normal) {
        result.play = normal;
        play(0.25, function (slow) {
          result.slow = slow;
          result.errors = window.reportErrors.slice();
          $('test-results').textContent = JSON.stringify(result);
        });
      });
    }
    sizeCharts();
    var hash = window.location.hash.replace(/^#/, '');
    var start = 0;
    hash.split('&').forEach(function (part) {
      var kv = part.split('=');
      if (kv[0] === 'frame' && kv.length === 2) {
        var want = Number(kv[1]);
        var at = F.frame.indexOf(want);
        start = at >= 0 ? at : clamp(want, 0, N - 1);
      }
      if (kv[0] === 't' && kv.length === 2) { start = frameAtTime(Number(kv[1])); }
      if (kv[0] === 'view' && kv.length === 2) {
        var range = kv[1].split(',').map(Number);
        if (range.length === 2 && range[1] > range[0]) {
          var a = clamp(range[0], T0, T1);
          var b = clamp(range[1], T0, T1);
          if (b > a) { state.view = [a, b]; }
        }
      }
    });
    seek(start);
    if (testing) { selfTest(); }
    })();

    """#
}
