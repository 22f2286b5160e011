// The Merrills analysis board: draws the board the API describes (/v1/board), shows every move of
// the position with its value (/v1/probe) and the best line (/v1/mainline), and lets a person
// place, move and take by clicking, alone or against perfect play. Where the database lacks the
// position's sector, the legal moves come without values (/v1/moves), so play goes on into the
// sectors that are solved. No framework, no build step, nothing fetched from anywhere but this server.
'use strict';

const SVG = 'http://www.w3.org/2000/svg';
const $ = (id) => document.getElementById(id);

const state = {
  board: null,        // /v1/board
  men: 9,             // men per side of the database's game
  history: [],        // [{position, move}]: the game so far; history[0] is where it started
  index: 0,           // the position shown is history[index]
  report: null,       // /v1/probe of the position shown, or /v1/moves with `missing` (below)
  selected: null,     // the man picked up (moving and flying)
  closing: null,      // the moves of a mill just closed, waiting for the man to take
  flipped: false,
  computer: 'none',   // the side perfect play takes: none, white or black
  generation: 0,      // bumped on every change, so that late answers of old positions are dropped
};
const probes = new Map();

// ---- talking to the server -------------------------------------------------------------------

async function api(path) {
  const response = await fetch(path, { headers: { Accept: 'application/json' } });
  const body = await response.json();
  if (!response.ok) {
    throw new ApiError(body);
  }
  return body;
}

class ApiError extends Error {
  constructor(body) {
    super(body.message);
    this.body = body;
  }
}

/**
 * The position's report: /v1/probe; where the database lacks its sector (a 404 naming the sector),
 * /v1/moves, the legal moves without values, with the probe's answer as `missing`. Only probed
 * answers are kept: a missing sector may be solved later, so it is asked again then.
 */
function probe(position) {
  if (!probes.has(position)) {
    const query = '?position=' + encodeURIComponent(position);
    const answer = api('/v1/probe' + query).catch(async (e) => {
      if (!(e.body && e.body.status === 404 && e.body.sector)) {
        throw e;
      }
      const unvalued = await api('/v1/moves' + query);
      unvalued.missing = e.body;
      return unvalued;
    });
    answer.then((r) => r.missing && probes.delete(position), () => probes.delete(position));
    probes.set(position, answer);
  }
  return probes.get(position);
}

// ---- words ---------------------------------------------------------------------------------

const capital = (s) => s.charAt(0).toUpperCase() + s.slice(1);
const other = (side) => (side === 'white' ? 'black' : 'white');

/**
 * The position's value in words, from the side to move's value: "White wins in 23", "Draw"; "No
 * value" where its sector is not solved, though a position over is over by the rules alone (a
 * full board can only be Morabaraba's, a draw).
 */
function valueWords(r) {
  const full = !r.position.split(' ')[0].includes('.');
  if (r.gameOver && (r.value === 'draw' || (!r.value && full))) {
    return 'Draw: the board is full and ' + r.side + ' cannot move';
  }
  if (r.gameOver) {
    return capital(other(r.side)) + ' has won: ' + r.side + ' has ' + (menOf(r, r.side) < 3 ? 'fewer than three men' : 'no move');
  }
  if (!r.value) {
    return 'No value';
  }
  if (r.value === 'draw') {
    return 'Draw';
  }
  const winner = r.value === 'win' ? r.side : other(r.side);
  return capital(winner) + ' wins in ' + r.distance;
}

/** A move's value for the side that plays it: "wins in 5", "draws", "loses in 12"; "no value" where its sector is not solved. */
function moveWords(m) {
  if (!m.value) {
    return 'no value';
  }
  if (m.value === 'draw') {
    return 'draws';
  }
  return (m.value === 'win' ? 'wins in ' : 'loses in ') + m.distance;
}

function menOf(r, side) {
  const letter = side === 'white' ? 'W' : 'B';
  const [board, , wh, bh] = r.position.split(' ');
  return [...board].filter((c) => c === letter).length + Number(side === 'white' ? wh : bh);
}

// ---- the board -----------------------------------------------------------------------------

function el(name, attrs, parent) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) {
    e.setAttribute(k, v);
  }
  if (parent) {
    parent.appendChild(e);
  }
  return e;
}

function xy(point) {
  const p = state.board.byName[point];
  const last = state.board.size - 1;
  return state.flipped ? [last - p.col, last - p.row] : [p.col, p.row];
}

function occupant(position, point) {
  return position.charAt(state.board.byName[point].index);
}

/** Draws the board, the men and the marks of the moves. */
function draw() {
  const svg = $('board');
  svg.replaceChildren();
  const b = state.board;
  const last = b.size - 1;
  for (const [p, q] of b.lines) {
    const [x1, y1] = xy(p);
    const [x2, y2] = xy(q);
    el('line', { x1, y1, x2, y2, class: 'line' }, svg);
  }
  for (let i = 0; i < b.size; i++) {
    const file = String.fromCharCode(97 + (state.flipped ? last - i : i));
    const rank = String(state.flipped ? i + 1 : b.size - i);
    el('text', { x: i, y: b.size - 0.35, class: 'label' }, svg).textContent = file;
    el('text', { x: -0.6, y: i, class: 'label' }, svg).textContent = rank;
  }
  const r = state.report;
  const position = state.history[state.index].position;
  const marks = r ? markedPoints(r) : new Map();
  for (const point of b.points) {
    const [x, y] = xy(point.name);
    const man = occupant(position, point.name);
    if (man === '.') {
      el('circle', { cx: x, cy: y, r: 0.1, class: 'dot' }, svg);
    } else {
      el('circle', { cx: x, cy: y, r: 0.33, class: 'man ' + (man === 'W' ? 'white' : 'black') }, svg);
    }
    if (state.selected === point.name) {
      el('circle', { cx: x, cy: y, r: 0.42, class: 'selected' }, svg);
    }
    const m = marks.get(point.name);
    if (m) {
      const value = m.value || 'unknown';
      if (man === '.') {
        el('circle', { cx: x, cy: y, r: 0.2, class: 'target ' + value }, svg);
      } else {
        el('circle', { cx: x, cy: y, r: 0.42, class: 'ring ' + value }, svg);
      }
      if (m.value && m.value !== 'draw') {
        el('text', { x, y, class: 'distance' + (man === 'W' ? ' on-white' : '') }, svg)
          .textContent = m.distance;
      }
    }
  }
  for (const point of b.points) {
    const [x, y] = xy(point.name);
    const hit = el('circle', { cx: x, cy: y, r: 0.45, class: 'hit', id: 'point-' + point.name }, svg);
    el('title', {}, hit).textContent = point.name + (marks.get(point.name) ? ': ' + moveWords(marks.get(point.name)) : '');
    hit.addEventListener('click', () => click(point.name));
  }
}

/**
 * The best move each point stands for now: while a mill waits, the men that can be taken; with a
 * man picked up, where it can go; else where a man can be placed, or which men can move.
 */
function markedPoints(r) {
  const marks = new Map();
  const keep = (point, m) => {
    if (!marks.has(point)) {
      marks.set(point, m); // moves are best first: the first one is the best
    }
  };
  for (const m of r.moves) {
    if (state.closing) {
      if (state.closing.includes(m)) {
        keep(m.taken, m);
      }
    } else if (state.selected) {
      if (m.from === state.selected) {
        keep(m.to, m);
      }
    } else {
      keep(m.from === null ? m.to : m.from, m);
    }
  }
  return marks;
}

// ---- clicks --------------------------------------------------------------------------------

function say(text, illegal) {
  const m = $('message');
  m.textContent = text || '';
  m.className = illegal ? 'illegal' : '';
}

function click(point) {
  const r = state.report;
  if (!r) {
    return say('the position is still being looked up', true);
  }
  if (r.gameOver) {
    return say('the game is over: ' + valueWords(r) + '. Undo, or start a new game.', true);
  }
  if (state.computer === r.side && !r.missing) {
    return say('it is ' + r.side + "'s turn, and perfect play plays " + r.side + '; wait for its move', true);
  }
  const position = state.history[state.index].position;
  const man = occupant(position, point);
  const mine = r.side === 'white' ? 'W' : 'B';
  if (state.closing) {
    const take = state.closing.find((m) => m.taken === point);
    if (take) {
      return play(take);
    }
    return say('you closed a mill: take one of ' + other(r.side) + "'s men marked on the board ("
      + state.closing.map((m) => m.taken).join(', ') + ')' + (man === '.' ? '' : '; ' + point + ' cannot be taken'), true);
  }
  const boardMoves = (from) => r.moves.some((m) => m.from === from);
  if (r.phase === 'placing') {
    // In Lasker Morris a side with men in hand may move a man on the board instead of placing one.
    const moving = state.selected && r.moves.some((m) => m.from === state.selected && m.to === point);
    if (man === '.' && !moving) {
      state.selected = null;
      return choose(r.moves.filter((m) => m.from === null && m.to === point), point);
    }
    if (man !== '.' && !(man === mine && boardMoves(point))) {
      return say(point + ' is occupied: ' + r.side + ' still has men in hand and places one on an empty point'
        + (man === mine && r.moves.some((m) => m.from !== null) ? ', or moves a man that can move' : ''), true);
    }
  }
  if (man === mine) {
    if (state.selected === point) {
      state.selected = null;
      say('');
      return draw();
    }
    if (!boardMoves(point)) {
      return say('the man on ' + point + ' cannot move: every neighbouring point is occupied', true);
    }
    state.selected = point;
    say('');
    return draw();
  }
  if (man !== '.') {
    return say('the man on ' + point + ' is ' + other(r.side) + "'s; it is " + r.side + "'s turn", true);
  }
  if (!state.selected) {
    return say('first click one of ' + r.side + "'s men, then the point to move it to", true);
  }
  const moves = r.moves.filter((m) => m.from === state.selected && m.to === point);
  if (moves.length === 0) {
    return say(state.selected + ' cannot move to ' + point + ': ' + (r.phase === 'flying'
      ? 'no legal move goes there' : 'a man moves along a line to a neighbouring empty point'), true);
  }
  return choose(moves, point);
}

/** Plays the one move a click names, or waits for the man to take when it closes a mill. */
function choose(moves, point) {
  if (moves.length === 0) {
    return say('no legal move lands on ' + point, true);
  }
  if (moves.length === 1 && moves[0].taken === null) {
    return play(moves[0]);
  }
  state.closing = moves;
  say('mill! click the ' + other(state.report.side) + ' man to take: ' + moves.map((m) => m.taken).join(', '));
  return draw();
}

// ---- the game ------------------------------------------------------------------------------

function play(move) {
  state.history.length = state.index + 1;
  state.history.push({ position: move.position, move: move.move });
  state.index++;
  return show();
}

/** Whether perfect play is to move at history[i]: undo and redo pass over such positions. */
function computerAt(i) {
  return sideToMove(state.history[i].position) === state.computer;
}

function undo() {
  // Against perfect play, go back to a position where it is the person's turn.
  let i = state.index - 1;
  while (i > 0 && computerAt(i)) {
    i--;
  }
  if (i < 0 || computerAt(i)) {
    return say(i < 0 ? 'nothing to undo' : 'nothing to undo: the game starts with perfect play\'s move', true);
  }
  state.index = i;
  return show();
}

function redo() {
  let i = state.index + 1;
  while (i < state.history.length - 1 && computerAt(i)) {
    i++;
  }
  if (i > state.history.length - 1) {
    return say('nothing to redo', true);
  }
  state.index = i;
  return show();
}

function sideToMove(position) {
  return position.split(' ')[1] === 'w' ? 'white' : 'black';
}

function start(position) {
  state.history = [{ position, move: null }];
  state.index = 0;
  return show();
}

/** Shows history[index]: looks it up, redraws, and lets perfect play move when it is its turn. */
async function show() {
  const generation = ++state.generation;
  const position = state.history[state.index].position;
  state.report = null;
  state.selected = null;
  state.closing = null;
  say('');
  $('missing').textContent = '';
  document.body.dataset.position = position;
  $('position-text').textContent = position;
  history.replaceState(null, '', '#' + encodeURIComponent(position));
  showHistory();
  draw();
  let r;
  try {
    r = await probe(position);
  } catch (e) {
    if (generation === state.generation) {
      showProblem(e);
    }
    return;
  }
  if (generation !== state.generation) {
    return;
  }
  state.report = r;
  showReport(r);
  draw();
  bestLine(position, generation);
  // Perfect play moves whenever it is its turn (where it knows the values); a move of the game
  // after this one is replaced.
  if (!r.gameOver && state.computer === r.side && !r.missing) {
    setTimeout(() => {
      if (generation === state.generation) {
        play(r.moves[0]);
      }
    }, 500);
  }
}

function showProblem(e) {
  const v = $('value');
  v.textContent = 'No value';
  v.className = '';
  delete v.dataset.value;
  delete v.dataset.distance;
  say(e.body ? e.body.message : String(e), true);
  $('missing').textContent = '';
  $('moves').replaceChildren();
  $('line').replaceChildren();
}

function showReport(r) {
  const v = $('value');
  v.textContent = valueWords(r);
  if (r.missing) {
    v.className = 'unknown';
    delete v.dataset.value;
    delete v.dataset.distance;
  } else {
    v.className = r.value;
    v.dataset.value = r.value;
    v.dataset.distance = r.distance === null ? '' : r.distance;
  }
  // Where the sector is not solved: which one, and the command that solves it; the moves still play.
  $('missing').textContent = !r.missing ? '' : r.missing.message + '. The legal moves have no values here'
    + (state.computer === r.side && !r.gameOver ? '; perfect play cannot choose one, so play ' + r.side + "'s move yourself." : '.');
  const [, , wh, bh] = r.position.split(' ');
  $('turn').textContent = r.gameOver ? 'Game over' : capital(r.side) + ' to move (' + r.phase + ')';
  $('hands').textContent = 'Men in hand: white ' + wh + ', black ' + bh;
  $('moves-order').textContent = r.missing ? '(no values: in the rules\' order)' : '(for the side to move, best first)';
  const list = $('moves');
  list.replaceChildren();
  for (const m of r.moves) {
    const li = document.createElement('li');
    li.className = m.value || 'unknown';
    li.dataset.move = m.move;
    li.dataset.value = m.value || '';
    li.dataset.distance = m.distance == null ? '' : m.distance;
    const name = document.createElement('span');
    name.className = 'notation';
    name.textContent = m.move;
    li.append(name, moveWords(m));
    li.addEventListener('click', () => {
      if (state.computer === r.side && !r.missing) {
        return say("perfect play plays " + r.side + '; wait for its move', true);
      }
      return play(m);
    });
    list.appendChild(li);
  }
}

async function bestLine(position, generation) {
  const list = $('line');
  list.replaceChildren();
  try {
    const line = await api('/v1/mainline?plies=20&position=' + encodeURIComponent(position));
    if (generation !== state.generation) {
      return;
    }
    for (const ply of line.plies) {
      const li = document.createElement('li');
      li.className = ply.value;
      li.textContent = ply.side + ' ' + ply.move;
      list.appendChild(li);
    }
    if (!line.gameOver && line.plies.length > 0) {
      const li = document.createElement('li');
      li.textContent = '… (a draw goes on)';
      list.appendChild(li);
    }
  } catch (e) {
    // the position's own answer already shows the problem
  }
}

function showHistory() {
  const list = $('history');
  list.replaceChildren();
  state.history.forEach((h, i) => {
    if (i === 0) {
      return;
    }
    const li = document.createElement('li');
    li.textContent = sideToMove(state.history[i - 1].position) + ' ' + h.move;
    if (i === state.index) {
      li.className = 'current';
    }
    list.appendChild(li);
  });
}

// ---- start ---------------------------------------------------------------------------------

function opening() {
  return '.'.repeat(state.board.points.length) + ' w ' + state.men + ' ' + state.men;
}

async function pasted(event) {
  event.preventDefault();
  const text = $('position-input').value.trim().replace(/\s+/g, ' ');
  try {
    await probe(text);
  } catch (e) {
    return say(e.body ? e.body.message : String(e), true);
  }
  start(text);
}

async function main() {
  try {
    const [board, db] = await Promise.all([api('/v1/board'), api('/v1/database')]);
    board.byName = Object.fromEntries(board.points.map((p) => [p.name, p]));
    state.board = board;
    state.men = db.men;
    $('game').textContent = db.men + ' men each, flying ' + (db.flying ? 'on' : 'off') + '; '
      + db.sectorsSolved + ' of ' + db.sectorsInGame + ' sectors solved';
  } catch (e) {
    $('game').textContent = 'the server did not answer: ' + e.message;
    return;
  }
  $('position-input').placeholder = opening();
  $('new').addEventListener('click', () => start(opening()));
  $('undo').addEventListener('click', undo);
  $('redo').addEventListener('click', redo);
  $('flip').addEventListener('click', () => {
    state.flipped = !state.flipped;
    draw();
  });
  $('computer').addEventListener('change', (e) => {
    state.computer = e.target.value;
    show();
  });
  $('paste').addEventListener('submit', pasted);
  window.addEventListener('hashchange', () => {
    const p = fromAddress();
    if (p !== state.history[state.index].position) {
      start(p || opening());
    }
  });
  start(fromAddress() || opening());
}

/** The position the address names after '#' (spaces as %20 or +), or '' when none or malformed. */
function fromAddress() {
  try {
    return decodeURIComponent(location.hash.slice(1).replace(/\+/g, ' ')).trim();
  } catch (e) {
    return ''; // not percent-encoding: start from the opening
  }
}

main();
