// Node 20 lacks Object.groupBy / Map.groupBy, which some libraries call. Preloaded with --import.
if (typeof Object.groupBy !== 'function') {
  Object.groupBy = (items, keyOf) => {
    const groups = Object.create(null)
    let index = 0
    for (const item of items) {
      const key = keyOf(item, index++)
      if (groups[key]) groups[key].push(item)
      else groups[key] = [item]
    }
    return groups
  }
}
if (typeof Map.groupBy !== 'function') {
  Map.groupBy = (items, keyOf) => {
    const groups = new Map()
    let index = 0
    for (const item of items) {
      const key = keyOf(item, index++)
      const group = groups.get(key)
      if (group) group.push(item)
      else groups.set(key, [item])
    }
    return groups
  }
}
